import { z } from 'zod';
import { tagSchema } from '../ai/assistant.schema';
import { dataEnvelope } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';

/** A file as every reply shows it (part 1 section 3), plus checksum and folder. */
export const fileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** MIME type. */
  type: z.string(),
  /** ISO time of upload. */
  uploadDate: z.string(),
  /** Display path of the containing folder, '/My Files' at the root. */
  path: z.string(),
  folderId: z.uuid().nullable(),
  /** SHA-256, hex. */
  checksum: z.string(),
  /** The file's tags in name order (set by workflows and the AI assistant); listings carry them. */
  tags: z.array(z.string()).optional(),
});
export type FileItem = z.infer<typeof fileSchema>;

export const folderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type FolderItem = z.infer<typeof folderSchema>;

export const FILE_SORT_FIELDS = ['name', 'size', 'uploadDate', 'type'] as const;
export const fileSortSchema = z.enum(FILE_SORT_FIELDS);
export type FileSort = z.infer<typeof fileSortSchema>;

export const FILE_LIST_DEFAULT_LIMIT = 100;
export const FILE_LIST_MAX_LIMIT = 500;

export const fileListQuerySchema = z.object({
  folderId: z.uuid().optional(),
  search: singleLineText({ trim: true }).max(200).optional(),
  sort: fileSortSchema.default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(FILE_LIST_MAX_LIMIT).default(FILE_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  /** Only files carrying this tag (tags are stored lower case; the filter is too). */
  tag: tagSchema.optional(),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;

/** `{ files, folders }` as the specification reads it, with totals for paging and the breadcrumb. */
export const fileListReplySchema = z.object({
  success: z.literal(true),
  files: z.array(fileSchema),
  folders: z.array(folderSchema),
  /** Files matching the query in this folder (all pages). */
  totalFiles: z.number().int(),
  /**
   * False when `totalFiles` is a lower bound: a search in a folder of more than 5,000 files does
   * not count every match; the bound is one more than what has been listed so far, so "load while
   * loaded < totalFiles" still pages to the end. Absent or true: exact.
   */
  totalFilesExact: z.boolean().optional(),
  /** The folder chain from the root to the listed folder (empty at the root). */
  breadcrumb: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type FileListReply = z.infer<typeof fileListReplySchema>;

/** GET /api/files/tags: the user's tags with how many live files carry each, in name order. */
export const fileTagsReplySchema = dataEnvelope(
  z.object({ tags: z.array(z.object({ tag: z.string(), files: z.number().int() })) }),
);
export type FileTagCount = z.infer<typeof fileTagsReplySchema>['data']['tags'][number];

export const uploadReplySchema = z.object({
  success: z.literal(true),
  file: fileSchema,
  /** True when the uploader already holds identical content in another of their files (never
   *  because another account holds it). */
  deduplicated: z.boolean(),
});
export type UploadReply = z.infer<typeof uploadReplySchema>;

export const FILE_NAME_MAX = 255;
/** Names are display text: no path separators, no control characters, not '.' or '..'. */
export const fileNameSchema = singleLineText({ trim: true })
  .min(1, 'Name is required')
  .max(FILE_NAME_MAX, 'Name is too long')
  .refine((n) => !/[/\\]/.test(n) && n !== '.' && n !== '..', {
    message: 'Name contains characters that are not allowed',
  });

/** Optional `metadata` JSON part of an upload. */
export const uploadMetadataSchema = z.strictObject({
  folderId: z.uuid().nullable().optional(),
  name: fileNameSchema.optional(),
});

export const renameBodySchema = z.strictObject({ name: fileNameSchema });
export const moveBodySchema = z.strictObject({ folderId: z.uuid().nullable() });
export const fileUpdateBodySchema = z
  .strictObject({ name: fileNameSchema, folderId: z.uuid().nullable() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

export const fileReplySchema = z.object({ success: z.literal(true), file: fileSchema });
export const folderReplySchema = z.object({ success: z.literal(true), folder: folderSchema });

/** GET /api/folders: every live folder of the user, flat (parentId links them), for folder pickers. */
export const FOLDER_TREE_MAX = 2000;
export const folderTreeReplySchema = z.object({
  success: z.literal(true),
  folders: z.array(folderSchema),
  /** More than FOLDER_TREE_MAX folders: the rest are left out. */
  truncated: z.boolean(),
});

export const createFolderBodySchema = z.strictObject({
  name: fileNameSchema,
  parentId: z.uuid().nullable().optional(),
});
export const folderUpdateBodySchema = z
  .strictObject({ name: fileNameSchema, parentId: z.uuid().nullable() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

export const bulkBodySchema = z.strictObject({
  fileIds: z.array(z.uuid()).max(1000).default([]),
  folderIds: z.array(z.uuid()).max(1000).default([]),
});
export const bulkMoveBodySchema = bulkBodySchema.extend({ targetFolderId: z.uuid().nullable() });
export const bulkReplySchema = z.object({
  success: z.literal(true),
  files: z.number().int(),
  folders: z.number().int(),
});

export const downloadLinkReplySchema = z.object({
  success: z.literal(true),
  /** Relative URL: /api/files/{id}/download?token=... */
  url: z.string(),
  expiresAt: z.string(),
});
export type DownloadLinkReply = z.infer<typeof downloadLinkReplySchema>;
