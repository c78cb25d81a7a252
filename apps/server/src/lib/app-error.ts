/** The one error type: a status, a stable code and a message safe to show a user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message: string, code = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'INSUFFICIENT_PERMISSIONS') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

/** Seconds a 429 tells the client to wait when its limiter knows no better (the error handler's default). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A 429 whose Retry-After says when the limit's window ends. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS,
    code = 'LimitExceededException',
  ) {
    super(429, code, message);
  }
}

export const tooMany = (message: string, retryAfterSeconds?: number, code?: string) =>
  new TooManyRequestsError(message, retryAfterSeconds, code);
