import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';

/**
 * /ai-assistant (issue 17 "AI pages"): an assistant that proposes actions on the user's own files
 * (summarise, tag, move); each action runs only after the user confirms it.
 */

export const ASSISTANT_ACTION_KINDS = ['summarize', 'tag', 'move'] as const;
export const assistantActionKindSchema = z.enum(ASSISTANT_ACTION_KINDS);
export type AssistantActionKind = z.infer<typeof assistantActionKindSchema>;

/** proposed: waits for confirmation; running: confirmed, being done; then done, failed or cancelled. */
export const ASSISTANT_ACTION_STATUSES = ['proposed', 'running', 'done', 'failed', 'cancelled'] as const;
export const assistantActionStatusSchema = z.enum(ASSISTANT_ACTION_STATUSES);
export type AssistantActionStatus = z.infer<typeof assistantActionStatusSchema>;

/** Files one action may touch. */
export const ASSISTANT_MAX_FILES = 20;
/** A tag: trimmed, lower case letters, digits, spaces, dots, dashes and underscores. */
export const TAG_MAX_LENGTH = 40;
export const ASSISTANT_MAX_TAGS = 10;
export const ASSISTANT_REQUEST_MAX = 1000;

export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(TAG_MAX_LENGTH)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u,
    'Tags use letters, digits, spaces, dots, dashes and underscores',
  );

export const assistantFileRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
});

export const summaryResultSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  summary: z.string().nullable(),
  error: z.string().nullable(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  tokens: z.number().int().nullable(),
  cost: z.number().nullable(),
});

export const assistantActionResultSchema = z.object({
  /** Summaries (summarize), one per file. */
  summaries: z.array(summaryResultSchema).optional(),
  /** Tags each file has after tagging. */
  tagged: z.array(z.object({ fileId: z.uuid(), tags: z.array(z.string()) })).optional(),
  /** Files moved and where to. */
  moved: z.number().int().optional(),
  folderPath: z.string().optional(),
});
export type AssistantActionResult = z.infer<typeof assistantActionResultSchema>;

export const assistantActionSchema = z.object({
  id: z.uuid(),
  kind: assistantActionKindSchema,
  status: assistantActionStatusSchema,
  files: z.array(assistantFileRefSchema),
  tags: z.array(z.string()),
  /** The target of a move: null is the root ("My Files"). */
  folderId: z.uuid().nullable(),
  folderPath: z.string().nullable(),
  /** Why the assistant proposed it (its own words, for actions planned from a request). */
  reason: z.string().nullable(),
  /** The request the action was planned from; null when the user built it by hand. */
  request: z.string().nullable(),
  result: assistantActionResultSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type AssistantAction = z.infer<typeof assistantActionSchema>;

/** POST /api/ai/assistant/actions: propose one action by hand (nothing runs yet). */
export const proposeActionBodySchema = z
  .strictObject({
    kind: assistantActionKindSchema,
    fileIds: z.array(z.uuid()).min(1).max(ASSISTANT_MAX_FILES),
    tags: z.array(tagSchema).max(ASSISTANT_MAX_TAGS).optional(),
    /** Move target; null or absent moves to the root. */
    folderId: z.uuid().nullable().optional(),
  })
  .refine((b) => b.kind !== 'tag' || (b.tags?.length ?? 0) > 0, {
    message: 'Give at least one tag',
    path: ['tags'],
  });
export type ProposeActionBody = z.infer<typeof proposeActionBodySchema>;

/** POST /api/ai/assistant/plan: ask in plain words; the assistant proposes actions (nothing runs yet). */
export const planBodySchema = z.strictObject({
  request: multiLineText({ trim: true }).min(1).max(ASSISTANT_REQUEST_MAX),
  /** Files the user picked; the assistant may choose among the user's recent files otherwise. */
  fileIds: z.array(z.uuid()).max(ASSISTANT_MAX_FILES).default([]),
});

export const planReplySchema = dataEnvelope(
  z.object({
    /** The assistant's answer in words. */
    reply: z.string(),
    actions: z.array(assistantActionSchema),
    model: z.string(),
    provider: z.string(),
    cost: z.number(),
  }),
);

/** POST /api/ai/assistant/actions/:id/confirm: `confirm: true` is the user's explicit yes. */
export const confirmActionBodySchema = z.strictObject({ confirm: z.boolean().optional() });

export const assistantActionReplySchema = dataEnvelope(z.object({ action: assistantActionSchema }));
export const assistantActionsReplySchema = dataEnvelope(
  z.object({ actions: z.array(assistantActionSchema) }),
);

/** GET /api/ai/assistant/workspace: the user's files to pick from and folders to move to. */
export const workspaceQuerySchema = z.object({
  search: singleLineText({ trim: true }).max(200).optional(),
});
export const workspaceFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  path: z.string(),
  folderId: z.uuid().nullable(),
  tags: z.array(z.string()),
  updatedAt: z.iso.datetime(),
});
export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;
export const workspaceFolderSchema = z.object({ id: z.uuid(), path: z.string() });
export type WorkspaceFolder = z.infer<typeof workspaceFolderSchema>;
export const workspaceReplySchema = dataEnvelope(
  z.object({ files: z.array(workspaceFileSchema), folders: z.array(workspaceFolderSchema) }),
);

export const ASSISTANT_MESSAGES = {
  confirmationRequired: 'Confirm the action to run it',
  notProposed: 'This action is no longer waiting for confirmation',
  actionNotFound: 'Action not found',
  planUnreadable: 'The assistant could not propose any action for this request',
  /** Set by the recovery sweep on an action whose process stopped while running it. */
  interrupted:
    'Interrupted: the server running this action stopped before it finished. Retry to run it again.',
  notRetryable: 'Only a failed action can be retried',
} as const;

/**
 * A running action's lease: the process running it renews it every third of this; the recovery
 * sweep fails running actions whose lease has passed (their process is gone).
 */
export const ASSISTANT_ACTION_LEASE_MS = 120_000;
