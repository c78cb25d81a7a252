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
  /** `dedupeKey`: a second send with the same key is dropped (the run's step, resumed). */
  mail: { send(to: string, subject: string, text: string, dedupeKey: string): Promise<void> };
  owner(ownerId: string): Promise<{ email: string } | null>;
  /** `deliveryId` goes out as X-Stratos-Delivery, the same on a resumed step's resend. */
  webhook(url: string, payload: unknown, secret: string, deliveryId: string): Promise<{ status: number }>;
  now(): Date;
}

export interface RunInput {
  runId: string;
  ownerId: string;
  workflow: { id: string; name: string; signingSecret: string };
  trigger: string;
  files: RunFile[];
  /** What steps before this run's first one did (a resumed run). */
  did: string[];
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

/** Steps with a side effect outside Stratos: recorded as started before it, so a resume knows. */
const EXTERNAL: ReadonlySet<WorkflowStep['type']> = new Set(['email', 'webhook']);

/** The stable key of one step of one run: the e-mail's dedupe key, the webhook's delivery id. */
export const deliveryKey = (runId: string, index: number) => `${runId}:${index}`;

/** Where a run stands: what its completed steps left (stored with the run after each step). */
export interface RunState {
  files: RunFile[];
  did: string[];
}

/**
 * Runs a workflow's steps in order on the run's files, from after the last completed one in
 * `prior` (a run taken over after its process died). The first failing step stops the run: its
 * outcome carries the reason, and the steps after it do not run. `onStep` is told after each step
 * and before each e-mail or webhook (the caller stores the outcomes and state and renews its
 * lease; false means another worker took the run: stop).
 */
export async function runSteps(
  steps: readonly WorkflowStep[],
  input: RunInput,
  deps: StepDeps,
  onStep: (outcomes: StepOutcome[], state: RunState) => Promise<boolean>,
  prior: readonly StepOutcome[] = [],
): Promise<{ outcomes: StepOutcome[]; error: string | null; lost: boolean }> {
  const outcomes = prior.filter((o) => o.status !== 'started');
  const failed = outcomes.find((o) => o.status === 'error');
  // Died between recording a failure and finishing: the run failed.
  if (failed) return { outcomes, error: stepFailure(failed.index, failed.type, failed.message), lost: false };
  // A step recorded as started but not finished: its side effect may have happened.
  const unsure = new Set(prior.filter((o) => o.status === 'started').map((o) => o.index));
  const state: RunState = { files: [...input.files], did: [...input.did] };
  for (let index = outcomes.length; index < steps.length; index++) {
    const step = steps[index] as WorkflowStep;
    if (EXTERNAL.has(step.type)) {
      const mark: StepOutcome = {
        index,
        type: step.type,
        status: 'started',
        durationMs: 0,
        message: 'Started',
      };
      if (!(await onStep([...outcomes, mark], state))) return { outcomes, error: null, lost: true };
    }
    const started = performance.now();
    let message: string;
    let error: string | null = null;
    try {
      const r = await runStep(step, index, input, state, deps);
      state.files = r.files;
      message = unsure.has(index) ? `${r.message} (resumed: ${RESUME_NOTE[step.type] ?? ''})` : r.message;
      state.did.push(`${index + 1}. ${step.type}: ${r.message}`);
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
    if (!(await onStep(outcomes, state))) return { outcomes, error: null, lost: true };
    if (error !== null) return { outcomes, error: stepFailure(index, step.type, error), lost: false };
  }
  return { outcomes, error: null, lost: false };
}

const stepFailure = (index: number, type: string, error: string) =>
  `Step ${index + 1} (${type}) failed: ${error}`;

/** What a resumed external step tells: it was not repeated blindly. */
const RESUME_NOTE: Partial<Record<WorkflowStep['type'], string>> = {
  email: 'the mail carries the same dedupe key, so it is sent at most once',
  webhook: 'sent again with the same X-Stratos-Delivery id, so the receiver can drop a repeat',
};

async function runStep(
  step: WorkflowStep,
  index: number,
  input: RunInput,
  state: RunState,
  deps: StepDeps,
): Promise<{ files: RunFile[]; message: string }> {
  const owner = input.ownerId;
  const { files, did } = state;
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
      await deps.mail.send(user.email, step.subject, text, deliveryKey(input.runId, index));
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
          delivery: deliveryKey(input.runId, index),
        },
        input.workflow.signingSecret,
        deliveryKey(input.runId, index),
      );
      return { files, message: `Webhook answered HTTP ${r.status}` };
    }
  }
}

const withTxt = (name: string) => (/\.(txt|md)$/i.test(name) ? name : `${name}.txt`);
