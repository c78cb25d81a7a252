import { z } from 'zod';
import { singleLineText } from '../common/text.schema';

/**
 * A workflow's trigger and step catalogue (issue 18: the specification shows no step definitions,
 * so these follow what n8n or Nextcloud Flow offer, small and real). Every configuration is typed
 * and validated here; the web form and the server read the same schemas.
 */

/** File types an upload trigger can match (by extension or MIME type). */
export const FILE_TYPE_FILTERS = ['any', 'pdf', 'image', 'text', 'document', 'spreadsheet'] as const;
export const fileTypeFilterSchema = z.enum(FILE_TYPE_FILTERS);
export type FileTypeFilter = z.infer<typeof fileTypeFilterSchema>;

export const SCHEDULE_MIN_MINUTES = 5;
export const SCHEDULE_MAX_MINUTES = 7 * 24 * 60;

/** Files a run without a triggering file looks at: the newest this many of a folder, of its type. */
export const RUN_FILES_MAX = 50;

export const triggerSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('manual'),
    /**
     * With a folder (null: the root), Run now acts on its newest RUN_FILES_MAX files of `fileType`;
     * without one (older workflows, webhook-only ones), a run acts on no files.
     */
    folderId: z.uuid().nullable().optional(),
    fileType: fileTypeFilterSchema.optional(),
  }),
  z.strictObject({
    type: z.literal('schedule'),
    everyMinutes: z
      .number()
      .int()
      .min(SCHEDULE_MIN_MINUTES, `A schedule runs at most every ${SCHEDULE_MIN_MINUTES} minutes`)
      .max(SCHEDULE_MAX_MINUTES, 'A schedule runs at least once a week'),
    /** The files a scheduled run looks at: new ones in this folder (null: the root). */
    folderId: z.uuid().nullable().default(null),
    fileType: fileTypeFilterSchema.default('any'),
  }),
  z.strictObject({
    type: z.literal('upload'),
    /** Fires for uploads into this folder (null: the root). */
    folderId: z.uuid().nullable().default(null),
    fileType: fileTypeFilterSchema.default('any'),
  }),
]);
export type WorkflowTrigger = z.infer<typeof triggerSchema>;
export type TriggerType = WorkflowTrigger['type'];

const tagSchema = singleLineText({ trim: true })
  .min(1, 'A tag cannot be empty')
  .max(40, 'A tag has at most 40 characters')
  .regex(/^[\p{L}\p{N} _.-]+$/u, 'A tag has letters, digits, spaces, dots, dashes and underscores only');

export const RENAME_TOKENS = ['{name}', '{ext}', '{date}', '{time}'] as const;

export const stepSchema = z.discriminatedUnion('type', [
  /** Analyse each file with AI, through the file analysis service (the owner's AI allowance). */
  z.strictObject({ type: z.literal('analyze') }),
  z.strictObject({
    type: z.literal('tag'),
    tags: z.array(tagSchema).min(1, 'Give at least one tag').max(10, 'At most 10 tags'),
  }),
  z.strictObject({ type: z.literal('move'), folderId: z.uuid().nullable() }),
  z.strictObject({ type: z.literal('copy'), folderId: z.uuid().nullable() }),
  z.strictObject({
    type: z.literal('rename'),
    pattern: singleLineText({ trim: true })
      .min(1, 'A rename pattern is required')
      .max(120, 'A rename pattern has at most 120 characters')
      .refine((p) => !/[/\\]/.test(p), 'A rename pattern cannot contain slashes')
      .refine((p) => p.includes('{name}') || p.includes('{date}') || p.includes('{time}'), {
        message: 'A rename pattern needs {name}, {date} or {time}, so names stay distinct',
      }),
  }),
  z.strictObject({
    type: z.literal('summarize'),
    /** Where the note file goes (null: the root). */
    folderId: z.uuid().nullable(),
    noteName: singleLineText({ trim: true })
      .min(1, 'A note name is required')
      .max(100, 'A note name has at most 100 characters')
      .refine((p) => !/[/\\]/.test(p), 'A note name cannot contain slashes'),
  }),
  z.strictObject({
    type: z.literal('email'),
    subject: z
      .string()
      .trim()
      .min(1, 'A subject is required')
      .max(150, 'A subject has at most 150 characters'),
  }),
  z.strictObject({
    type: z.literal('webhook'),
    url: singleLineText({ trim: true })
      .max(2000, 'A webhook URL has at most 2000 characters')
      .refine(
        (u) => URL.canParse(u) && new URL(u).protocol === 'https:',
        'A webhook URL must start with https://',
      ),
  }),
]);
export type WorkflowStep = z.infer<typeof stepSchema>;
export type StepType = WorkflowStep['type'];

export const MAX_STEPS = 10;
export const stepsSchema = z.array(stepSchema).max(MAX_STEPS, `A workflow has at most ${MAX_STEPS} steps`);

/** What the step editor shows for each step type (GET /api/workflows/step-catalogue). */
export const stepCatalogueEntrySchema = z.strictObject({
  type: z.string(),
  label: z.string(),
  description: z.string(),
  /** Needs a file from the trigger (every step but webhook and email acts on files). */
  actsOnFiles: z.boolean(),
});
export type StepCatalogueEntry = z.infer<typeof stepCatalogueEntrySchema>;

export const STEP_CATALOGUE: readonly (StepCatalogueEntry & { type: StepType })[] = [
  {
    type: 'analyze',
    label: 'Analyse with AI',
    description: 'Queues each file for AI analysis (uses your AI allowance).',
    actsOnFiles: true,
  },
  { type: 'tag', label: 'Tag', description: 'Adds tags to each file.', actsOnFiles: true },
  { type: 'move', label: 'Move to folder', description: 'Moves each file into a folder.', actsOnFiles: true },
  {
    type: 'copy',
    label: 'Copy to folder',
    description: 'Copies each file into a folder (counts against your storage).',
    actsOnFiles: true,
  },
  {
    type: 'rename',
    label: 'Rename',
    description: 'Renames each file by a pattern: {name}, {ext}, {date}, {time}.',
    actsOnFiles: true,
  },
  {
    type: 'summarize',
    label: 'Summarise into a note',
    description: 'Writes a text note listing the files and their AI summaries.',
    actsOnFiles: true,
  },
  {
    type: 'email',
    label: 'E-mail me a summary',
    description: 'Sends you an e-mail listing what the run did.',
    actsOnFiles: false,
  },
  {
    type: 'webhook',
    label: 'Call a webhook',
    description: 'POSTs the run as JSON to an HTTPS URL, signed with HMAC-SHA256.',
    actsOnFiles: false,
  },
];
