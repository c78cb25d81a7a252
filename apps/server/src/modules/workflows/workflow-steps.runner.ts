import type { StepOutcome } from '@stratos/contracts/workflows/workflow.schema';
import type { WorkflowStep } from '@stratos/contracts/workflows/workflow-steps.schema';

/** A file a run acts on, as it stands after the steps so far (a rename or move changes it). */
export interface RunFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
}

/** What the steps reach, each through its owning module's service (issue 18: the owner's plan applies). */
export interface StepDeps {
  files: {
    rename(ownerId: string, fileId: string, name: string): Promise<RunFile>;
    move(ownerId: string, fileId: string, folderId: string | null): Promise<RunFile>;
    copy(ownerId: string, fileId: string, folderId: string | null): Promise<RunFile>;
    writeNote(ownerId: string, folderId: string | null, name: string, text: string): Promise<RunFile>;
  };
  analysis: {
    /** Queues the file's analysis; 'queued' or 'already queued'; throws for a type it cannot read. */
    request(ownerId: string, fileId: string): Promise<'queued' | 'already queued'>;
    summary(ownerId: string, fileId: string): Promise<string | null>;
  };
  tags: { add(ownerId: string, fileId: string, tags: string[]): Promise<number> };
  mail: { send(to: string, subject: string, text: string): Promise<void> };
  owner(ownerId: string): Promise<{ email: string } | null>;
  webhook(url: string, payload: unknown, secret: string): Promise<{ status: number }>;
  now(): Date;
}

export interface RunInput {
  runId: string;
  ownerId: string;
  workflow: { id: string; name: string; signingSecret: string };
  trigger: string;
  files: RunFile[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `{name}`, `{ext}` (with its dot), `{date}` (YYYY-MM-DD) and `{time}` (HH-mm-ss, UTC) of a rename pattern. */
export function renameByPattern(pattern: string, fileName: string, now: Date): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ext = dot > 0 ? fileName.slice(dot) : '';
  const date = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
  const time = `${pad(now.getUTCHours())}-${pad(now.getUTCMinutes())}-${pad(now.getUTCSeconds())}`;
  let out = pattern.replaceAll('{name}', base).replaceAll('{date}', date).replaceAll('{time}', time);
  out = out.replaceAll('{ext}', ext);
  // A pattern without {ext} keeps the extension, so the file still opens as what it is.
  if (!pattern.includes('{ext}') && ext && !out.endsWith(ext)) out += ext;
  return out;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Runs a workflow's steps in order on the run's files. The first failing step stops the run:
 * its outcome carries the reason, and the steps after it do not run. `onStep` is told after each
 * step (the caller stores the outcomes and renews its lease; false means stop).
 */
export async function runSteps(
  steps: readonly WorkflowStep[],
  input: RunInput,
  deps: StepDeps,
  onStep: (outcomes: StepOutcome[]) => Promise<boolean>,
): Promise<{ outcomes: StepOutcome[]; error: string | null; lost: boolean }> {
  const outcomes: StepOutcome[] = [];
  let files = [...input.files];
  const did: string[] = [];
  for (const [index, step] of steps.entries()) {
    const started = performance.now();
    let message: string;
    let error: string | null = null;
    try {
      const r = await runStep(step, input, files, did, deps);
      files = r.files;
      message = r.message;
      did.push(`${index + 1}. ${step.type}: ${message}`);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      message = error;
    }
    outcomes.push({
      index,
      type: step.type,
      status: error === null ? 'success' : 'error',
      durationMs: Math.round(performance.now() - started),
      message,
    });
    if (!(await onStep(outcomes))) return { outcomes, error: null, lost: true };
    if (error !== null)
      return { outcomes, error: `Step ${index + 1} (${step.type}) failed: ${error}`, lost: false };
  }
  return { outcomes, error: null, lost: false };
}

async function runStep(
  step: WorkflowStep,
  input: RunInput,
  files: RunFile[],
  did: string[],
  deps: StepDeps,
): Promise<{ files: RunFile[]; message: string }> {
  const owner = input.ownerId;
  const each = async (fn: (f: RunFile) => Promise<RunFile>) => {
    const out: RunFile[] = [];
    for (const f of files) out.push(await fn(f));
    return out;
  };
  const none = { files, message: 'No files to act on' };
  switch (step.type) {
    case 'analyze': {
      if (files.length === 0) return none;
      const states = [];
      for (const f of files) states.push(await deps.analysis.request(owner, f.id));
      const queued = states.filter((s) => s === 'queued').length;
      const waiting = states.length - queued;
      const parts = [
        queued > 0 ? `${plural(queued, 'file')} queued for analysis` : null,
        waiting > 0 ? `${plural(waiting, 'file')} already in the analysis queue` : null,
      ];
      return { files, message: parts.filter(Boolean).join('; ') };
    }
    case 'tag': {
      if (files.length === 0) return none;
      let added = 0;
      for (const f of files) added += await deps.tags.add(owner, f.id, step.tags);
      return {
        files,
        message: `Tagged ${plural(files.length, 'file')} with ${step.tags.join(', ')} (${added} new)`,
      };
    }
    case 'move':
      if (files.length === 0) return none;
      return {
        files: await each((f) => deps.files.move(owner, f.id, step.folderId)),
        message: `Moved ${plural(files.length, 'file')}`,
      };
    case 'copy': {
      if (files.length === 0) return none;
      // The copies are made; the run goes on with the originals.
      await each((f) => deps.files.copy(owner, f.id, step.folderId));
      return { files, message: `Copied ${plural(files.length, 'file')}` };
    }
    case 'rename': {
      if (files.length === 0) return none;
      const now = deps.now();
      const renamed = await each((f) =>
        deps.files.rename(owner, f.id, renameByPattern(step.pattern, f.name, now)),
      );
      return { files: renamed, message: `Renamed to ${renamed.map((f) => f.name).join(', ')}` };
    }
    case 'summarize': {
      if (files.length === 0) return none;
      const lines = [
        `${input.workflow.name}: ${plural(files.length, 'file')} (${deps.now().toISOString()})`,
        '',
      ];
      for (const f of files) {
        const summary = await deps.analysis.summary(owner, f.id);
        lines.push(`- ${f.name} (${f.size} bytes)${summary ? `: ${summary}` : ''}`);
      }
      const note = await deps.files.writeNote(
        owner,
        step.folderId,
        withTxt(step.noteName),
        `${lines.join('\n')}\n`,
      );
      return { files, message: `Wrote ${note.name}` };
    }
    case 'email': {
      const user = await deps.owner(owner);
      if (!user) throw new Error('The owner has no e-mail address');
      const text = [
        `Your workflow "${input.workflow.name}" ran (${input.trigger}).`,
        '',
        files.length > 0 ? `Files: ${files.map((f) => f.name).join(', ')}` : 'No files.',
        ...(did.length > 0 ? ['', 'Steps:', ...did] : []),
      ].join('\n');
      await deps.mail.send(user.email, step.subject, text);
      return { files, message: `E-mailed ${user.email}` };
    }
    case 'webhook': {
      const r = await deps.webhook(
        step.url,
        {
          workflow: { id: input.workflow.id, name: input.workflow.name },
          run: { id: input.runId, trigger: input.trigger },
          files: files.map((f) => ({ id: f.id, name: f.name, type: f.mimeType, size: f.size })),
          steps: did,
        },
        input.workflow.signingSecret,
      );
      return { files, message: `Webhook answered HTTP ${r.status}` };
    }
  }
}

const withTxt = (name: string) => (/\.(txt|md)$/i.test(name) ? name : `${name}.txt`);
