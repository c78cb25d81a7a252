import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { storableProblem, TEXT_MESSAGES } from '@stratos/contracts/common/text.schema';
import { uploadMetadataSchema, uploadReplySchema } from '@stratos/contracts/files/file.schema';
import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError, badRequest } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth-guard';
import { escapeUnprintable } from '../../plugins/input-guard/field-label';
import { findUnstorableText } from '../../plugins/input-guard/unstorable-text';
import { StreamTooLargeError, type TempObject } from './blob-store.service';
import type { Reservation } from './quota.service';
import { createUploadService, fileTooLarge, type UploadService } from './upload.service';

/** Room for boundaries, part headers and the small form fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export function uploadRoutes(
  ctx: AppContext,
  service: UploadService = createUploadService(ctx),
): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered inside this plugin, so the multipart parser exists for the upload route only.
    await app.register(multipart);
    const guard = app.requireAccess(ROUTE_GROUPS.storageWrite);

    app.post(
      '/files/upload',
      {
        preHandler: guard,
        // Reads its multipart body itself (a JSON body is answered 415 below).
        config: { rawBody: true },
        schema: {
          tags: ['files'],
          summary: 'Upload one file (multipart/form-data: `file`, optional `folderId` or `metadata` JSON)',
          consumes: ['multipart/form-data'],
          response: { 201: uploadReplySchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const maxBytes = await service.maxUploadBytes();
        const declared = contentLength(request);
        // Before a byte of the body is read.
        if (declared !== null && declared > maxBytes + MULTIPART_OVERHEAD) {
          closeAfterReply(request, reply);
          throw fileTooLarge(maxBytes);
        }
        if (!request.isMultipart()) {
          closeAfterReply(request, reply);
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
        }
        const reservation: Reservation = await service
          .reserve(user.id, declared === null ? maxBytes : Math.min(declared, maxBytes), { keepAlive: true })
          .catch((err) => {
            closeAfterReply(request, reply);
            throw err;
          });
        const form: UploadForm = { temp: null, filename: null, mimeType: null, folderId: undefined };
        try {
          await readForm(request, service, user.id, maxBytes, form);
          if (!form.temp) throw badRequest(FILE_ERRORS.NO_FILE, 'NO_FILE');
          const result = await service.commit({
            userId: user.id,
            temp: form.temp,
            name: form.name ?? form.filename ?? '',
            mimeType: form.mimeType,
            folderId: form.folderId,
            reservation,
          });
          form.temp = null;
          reply.status(201);
          return { success: true as const, file: result.file, deduplicated: result.deduplicated };
        } catch (err) {
          await service.abandon(reservation, form.temp);
          closeAfterReply(request, reply);
          throw err;
        }
      },
    );
  };
}

interface UploadForm {
  temp: TempObject | null;
  filename: string | null;
  mimeType: string | null;
  /** undefined = not given; null = root. */
  folderId: string | null | undefined;
  name?: string;
}

/**
 * Reads the parts in order. Fields may come before or after the file: a folder named before the
 * file is checked before any byte is stored; one named after is checked when committing.
 */
async function readForm(
  request: FastifyRequest,
  service: UploadService,
  userId: string,
  maxBytes: number,
  form: UploadForm,
): Promise<void> {
  const parts = request.parts({
    limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 50 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (form.temp) {
        part.file.resume();
        throw badRequest(FILE_ERRORS.ONE_FILE_PER_REQUEST, 'ONE_FILE_PER_REQUEST');
      }
      const nameProblem = part.filename ? storableProblem(part.filename) : null;
      if (nameProblem) {
        part.file.resume();
        throw invalidField('file name', TEXT_MESSAGES[nameProblem]);
      }
      if (form.folderId) await service.assertFolder(userId, form.folderId);
      form.temp = await receiveFile(part, service, maxBytes);
      form.filename = part.filename;
      form.mimeType = part.mimetype;
    } else {
      readField(part, form);
    }
  }
}

async function receiveFile(part: MultipartFile, service: UploadService, maxBytes: number) {
  // busboy truncates a file at `fileSize` and says so with 'limit': stop reading right there.
  part.file.once('limit', () => part.file.destroy(new StreamTooLargeError(maxBytes)));
  const temp = await service.receive(part.file, maxBytes);
  if (part.file.truncated) {
    await service.abandon(null, temp);
    throw fileTooLarge(maxBytes);
  }
  return temp;
}

const folderIdField = z.union([
  z.uuid(),
  z.literal('').transform(() => null),
  z.literal('null').transform(() => null),
]);

/** A 400 naming the form field (or the file name) that was refused. */
const invalidField = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, 'VALIDATION_ERROR', [{ in: 'body', path: field, message }]);

/** The form fields of the specification (folderId, metadata); any other field is refused by name. */
function readField(part: Exclude<Multipart, MultipartFile>, form: UploadForm): void {
  // A field sent as application/json arrives parsed.
  const unstorable = findUnstorableText(part.value);
  if (unstorable) {
    const path = [fieldName(part.fieldname), ...unstorable.path].join('.');
    throw invalidField(path, unstorable.message);
  }
  if (part.fieldname === 'folderId') {
    const parsed = folderIdField.safeParse(String(part.value).trim());
    if (!parsed.success) throw badRequest('Invalid folder id', 'VALIDATION_ERROR');
    form.folderId = parsed.data;
  } else if (part.fieldname === 'metadata') {
    let value: unknown = part.value;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        throw badRequest(FILE_ERRORS.INVALID_METADATA, 'VALIDATION_ERROR');
      }
    }
    const parsed = uploadMetadataSchema.safeParse(value);
    if (!parsed.success) throw metadataError(parsed.error.issues[0]);
    if (parsed.data.folderId !== undefined) form.folderId = parsed.data.folderId;
    if (parsed.data.name !== undefined) form.name = parsed.data.name;
  } else {
    throw invalidField(fieldName(part.fieldname), 'Unknown field (send file, folderId or metadata)');
  }
}

/** Invalid upload metadata, naming the field of it that was refused. */
function metadataError(issue: z.core.$ZodIssue | undefined) {
  if (!issue) return badRequest(FILE_ERRORS.INVALID_METADATA, 'VALIDATION_ERROR');
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((k) => `"metadata.${fieldName(k)}"`).join(', ');
    return invalidField('metadata', `Unknown field ${names}`);
  }
  return invalidField(['metadata', ...issue.path.map(String)].join('.'), issue.message);
}

/** A field name for a message: its control characters shown escaped. */
const fieldName = escapeUnprintable;

function contentLength(request: FastifyRequest): number | null {
  const raw = request.headers['content-length'];
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * An error answered before the body was read: close the connection after the reply instead of
 * reading (possibly gigabytes of) the rest of the body to reuse it.
 */
function closeAfterReply(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}
