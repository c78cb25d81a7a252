import type { Workflow, WorkflowStatus } from '@stratos/contracts/workflows/workflow.schema';
import {
  type FileTypeFilter,
  RUN_FILES_MAX,
  STEP_CATALOGUE,
  type StepType,
  type WorkflowStep,
  type WorkflowTrigger,
} from '@stratos/contracts/workflows/workflow-steps.schema';

/** A new step of a type, with a configuration the user then edits. */
export function defaultStep(type: StepType): WorkflowStep {
  switch (type) {
    case 'analyze':
      return { type };
    case 'tag':
      return { type, tags: [] };
    case 'move':
    case 'copy':
      return { type, folderId: null };
    case 'rename':
      return { type, pattern: '{date}-{name}' };
    case 'summarize':
      return { type, folderId: null, noteName: 'Summary' };
    case 'email':
      return { type, subject: 'Workflow summary' };
    case 'webhook':
      return { type, url: 'https://' };
  }
}

export const stepLabel = (type: string) => STEP_CATALOGUE.find((s) => s.type === type)?.label ?? type;

export const FILE_TYPE_LABELS: Record<FileTypeFilter, string> = {
  any: 'Any file',
  pdf: 'PDF',
  image: 'Image',
  text: 'Text',
  document: 'Document',
  spreadsheet: 'Spreadsheet',
};

const filesOf = (t: FileTypeFilter) => (t === 'any' ? 'files' : `${FILE_TYPE_LABELS[t]} files`);

/** "When a PDF is uploaded to Inbox", "Every 60 minutes", "By hand". */
export function describeTrigger(t: WorkflowTrigger, folderName: (id: string | null) => string): string {
  switch (t.type) {
    case 'manual':
      if (t.folderId === undefined) return 'By hand (Run now)';
      return `By hand (Run now), on the newest ${RUN_FILES_MAX} ${filesOf(t.fileType ?? 'any')} in ${folderName(t.folderId)}`;
    case 'schedule': {
      const every = t.everyMinutes % 60 === 0 ? `${t.everyMinutes / 60} h` : `${t.everyMinutes} min`;
      return `Every ${every}, on new ${filesOf(t.fileType)} in ${folderName(t.folderId)}`;
    }
    case 'upload':
      return `When ${t.fileType === 'any' ? 'a file' : `a ${FILE_TYPE_LABELS[t.fileType]} file`} is uploaded to ${folderName(t.folderId)}`;
  }
}

export const STATUS_COLOURS: Record<WorkflowStatus, string> = {
  running: 'processing',
  active: 'success',
  paused: 'warning',
  inactive: 'default',
  error: 'error',
};

/** "87.5%" or "—" before the first finished run. */
export const successRateText = (w: Pick<Workflow, 'success_rate'>) =>
  w.success_rate === null ? '—' : `${w.success_rate}%`;

/** Seconds with two decimals ("0.42 s"), or "—" while the run has not finished. */
export const durationText = (seconds: number | null) => (seconds === null ? '—' : `${seconds.toFixed(2)} s`);
