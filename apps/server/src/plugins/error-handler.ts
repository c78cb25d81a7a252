import { FILE_ERRORS } from '@stratos/contracts/files/upload.schema';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DEFAULT_RETRY_AFTER_SECONDS } from '../lib/app-error';
import { isStorageFull } from '../storage/storage-driver';
import type { InputLocation } from './input-guard/field-label';
import { validationReply } from './input-guard/validation-message';

interface ErrorReply {
  success: false;
  error: { code: string; message: string; details?: unknown };
}

const reply = (code: string, message: string, details?: unknown): ErrorReply => ({
  success: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

/**
 * Every 429 says when to come back: the limiter's own figure when the error carries one, else a
 * header already set (by @fastify/rate-limit), else the default.
 */
function setRetryAfter(res: FastifyReply, err: unknown): void {
  const seconds = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds)) {
    res.header('retry-after', String(Math.max(1, Math.ceil(seconds))));
  } else if (!res.hasHeader('retry-after')) {
    res.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  }
}

/**
 * Turns every error into the JSON envelope. Validation failures carry the first issue's message
 * (the specification's wording lives in the zod schemas; zod's generic wording gets the field's
 * name); 5xx details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, res) => {
    if (err instanceof AppError) {
      if (err.statusCode === 429) setRetryAfter(res, err);
      return res.status(err.statusCode).send(reply(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const location = (err.validationContext ?? 'body') as InputLocation;
      const { message, details } = validationReply(err.validation, location);
      return res.status(400).send(reply('VALIDATION_ERROR', message, details));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return res.status(413).send(reply('PAYLOAD_TOO_LARGE', 'Request body is too large'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return res.status(400).send(reply('INVALID_JSON', 'Request body is not valid JSON'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return res.status(415).send(reply('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
    }
    // Any write that found the disk full (uploads answer this themselves).
    if (isStorageFull(err)) {
      request.log.error({ err }, 'storage is full');
      return res.status(507).send(reply('STORAGE_FULL', FILE_ERRORS.STORAGE_FULL));
    }
    if (err instanceof SyntaxError) {
      return res.status(400).send(reply('INVALID_JSON', 'Request body is not valid JSON'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      setRetryAfter(res, err);
      return res.status(429).send(reply('LimitExceededException', err.message));
    }
    if (status >= 400 && status < 500) {
      return res.status(status).send(reply(err.code ?? 'BAD_REQUEST', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return res
      .status(500)
      .send(reply('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  });
}
