import type { AssistantAction, AssistantActionStatus } from '@stratos/contracts/ai/assistant.schema';

export const STATUS_LABEL: Record<AssistantActionStatus, string> = {
  proposed: 'Waiting for you',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STATUS_COLOR: Record<AssistantActionStatus, string> = {
  proposed: 'gold',
  running: 'processing',
  done: 'success',
  failed: 'red',
  cancelled: 'default',
};

const count = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** The action in one sentence, as the confirmation asks it. */
export function describeAction(a: Pick<AssistantAction, 'kind' | 'files' | 'tags' | 'folderPath'>): string {
  const what = a.files.length === 1 ? (a.files[0]?.name ?? count(1)) : count(a.files.length);
  switch (a.kind) {
    case 'summarize':
      return `Summarise ${what}`;
    case 'tag':
      return `Tag ${what} with ${a.tags.map((t) => `“${t}”`).join(', ')}`;
    case 'move':
      return `Move ${what} to ${a.folderPath ?? '/My Files'}`;
  }
}

/** What a finished action did, in words. */
export function outcomeText(a: AssistantAction): string | null {
  if (a.status !== 'done' || !a.result) return null;
  if (a.kind === 'tag') return `Tagged ${count(a.result.tagged?.length ?? 0)}.`;
  if (a.kind === 'move')
    return `Moved ${count(a.result.moved ?? 0)} to ${a.result.folderPath ?? '/My Files'}.`;
  const s = a.result.summaries ?? [];
  const ok = s.filter((x) => x.summary).length;
  return ok === s.length ? `Summarised ${count(ok)}.` : `Summarised ${ok} of ${count(s.length)}.`;
}

/** Dollars of the summary calls, when any cost something. */
export function actionCost(a: AssistantAction): number {
  return (a.result?.summaries ?? []).reduce((sum, s) => sum + (s.cost ?? 0), 0);
}
