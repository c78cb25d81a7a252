import {
  ASSISTANT_MAX_FILES,
  ASSISTANT_MAX_TAGS,
  type AssistantActionKind,
  tagSchema,
} from '@stratos/contracts/ai/assistant.schema';
import { z } from 'zod';
import { jsonCandidates } from '../analysis/analysis-prompt';

/** Files and folders offered to the model, numbered so it never has to copy an id. */
export interface PlanContext {
  files: { id: string; name: string; path: string; tags: string[] }[];
  folders: { id: string | null; path: string }[];
}

export interface PlannedAction {
  kind: AssistantActionKind;
  fileIds: string[];
  tags: string[];
  folderId: string | null;
  folderPath: string | null;
  reason: string | null;
}

export const PLAN_SYSTEM_PROMPT = [
  'You are the Stratos file assistant. You can propose three actions on the files listed:',
  '"summarize" (write a short summary of each file), "tag" (add tags to files) and "move" (move files to one of the listed folders).',
  'You never act yourself: the user confirms each action before it runs.',
  'Answer with one JSON object only, of this shape:',
  '{"reply": "one or two sentences to the user", "actions": [{"kind": "summarize" | "tag" | "move", "files": [file numbers], "tags": ["tag"], "folder": "folder path from the list", "reason": "why"}]}',
  'Use only file numbers and folder paths from the lists. Give "tags" only for tag actions and "folder" only for move actions.',
  'When the request asks for nothing you can do, answer with an empty "actions" list and say why in "reply".',
].join('\n');

/** The user's request with the numbered files and the folders. */
export function planPrompt(request: string, ctx: PlanContext): string {
  const files = ctx.files
    .map((f, i) => `${i + 1}. ${f.name} (in ${f.path}${f.tags.length ? `; tags: ${f.tags.join(', ')}` : ''})`)
    .join('\n');
  const folders = ctx.folders.map((f) => `- ${f.path}`).join('\n');
  return `Request: ${request}\n\nFiles:\n${files || '(none)'}\n\nFolders:\n${folders}`;
}

const rawAction = z.object({
  kind: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .trim()
            .toLowerCase()
            .replace(/^summari[sz]e$/, 'summarize')
        : v,
    z.enum(['summarize', 'tag', 'move']),
  ),
  files: z.array(z.union([z.number(), z.string()])).optional(),
  tags: z.array(z.unknown()).optional(),
  folder: z.string().optional(),
  reason: z.unknown().optional(),
});

/**
 * Reads the model's plan: its reply text and the actions it proposed, keeping only what refers to
 * listed files and folders (a number outside the list, an unknown folder or a bad tag is dropped).
 * Null when the reply holds no readable JSON plan.
 */
export function parsePlan(
  reply: string,
  ctx: PlanContext,
): { reply: string; actions: PlannedAction[] } | null {
  for (const raw of jsonCandidates(reply)) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const obj = value as { reply?: unknown; actions?: unknown };
    if (!Array.isArray(obj.actions)) continue;
    const actions: PlannedAction[] = [];
    for (const item of obj.actions) {
      const a = rawAction.safeParse(item);
      if (!a.success) continue;
      const fileIds = [
        ...new Set(
          (a.data.files ?? [])
            .map((n) => ctx.files[Number(n) - 1]?.id)
            .filter((id): id is string => typeof id === 'string'),
        ),
      ].slice(0, ASSISTANT_MAX_FILES);
      if (fileIds.length === 0) continue;
      const reason =
        typeof a.data.reason === 'string' && a.data.reason.trim() ? a.data.reason.trim().slice(0, 300) : null;
      const planned: PlannedAction = {
        kind: a.data.kind,
        fileIds,
        tags: [],
        folderId: null,
        folderPath: null,
        reason,
      };
      if (a.data.kind === 'tag') {
        const tags = (a.data.tags ?? []).flatMap((t) => {
          const r = tagSchema.safeParse(t);
          return r.success ? [r.data] : [];
        });
        planned.tags = [...new Set(tags)].slice(0, ASSISTANT_MAX_TAGS);
        if (planned.tags.length === 0) continue;
      }
      if (a.data.kind === 'move') {
        const wanted = normalisePath(a.data.folder ?? '');
        const folder = ctx.folders.find((f) => normalisePath(f.path) === wanted);
        if (!folder) continue;
        planned.folderId = folder.id;
        planned.folderPath = folder.path;
      }
      actions.push(planned);
    }
    const text = typeof obj.reply === 'string' ? obj.reply.trim().slice(0, 2000) : '';
    return { reply: text, actions };
  }
  return null;
}

/** '/My Files/Work/' and 'my files/work' name the same folder; a bare 'Work' is read under the root. */
function normalisePath(p: string): string {
  const t = p.trim().replace(/\/+$/, '').toLowerCase();
  const withRoot = t.startsWith('/my files')
    ? t
    : t.startsWith('my files')
      ? `/${t}`
      : `/my files/${t.replace(/^\//, '')}`;
  return withRoot.replace(/\/+$/, '');
}

export const SUMMARY_SYSTEM_PROMPT =
  'You summarise files for their owner. Write a short, plain summary (at most five sentences) of the file below. Do not invent facts.';

export function summaryPrompt(name: string, text: string, truncated: boolean): string {
  return `File name: ${name}${truncated ? '\n(The file is longer; this is its beginning.)' : ''}\n\n${text}`;
}
