import { FILE_ERRORS, TUS_CHUNK_BYTES, TUS_ENDPOINT } from '@stratos/contracts/files/upload.schema';
import type { DetailedError } from 'tus-js-client';
import { authSession } from '../../../lib/auth-session';
import { tokenIsFresh } from '../../../lib/jwt';
import type { UploadHooks } from '../model/upload-queue';

/** Files above this go through the resumable (tus) endpoint; smaller ones in one multipart request. */
export const RESUMABLE_THRESHOLD = 50 * 1024 * 1024;

/** A token that is still valid for the next request (refreshed once if it has expired). */
async function freshToken(): Promise<string | null> {
  const token = authSession.accessToken();
  if (token && !tokenIsFresh(token)) {
    await authSession.refresh();
    return authSession.accessToken();
  }
  return token;
}

/**
 * The server's message for a failed upload: the error envelope's message; for a tus 413 the
 * contract's wording with the size from Tus-Max-Size; a short plain-text reason; else the status.
 */
export function uploadErrorMessage(status: number, body: string, tusMaxSize?: string | null): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string' && parsed.error.message) return parsed.error.message;
  } catch {
    // not JSON: the tus server's plain text, or a proxy's error page
  }
  const max = Number(tusMaxSize);
  if (status === 413 && max > 0) return FILE_ERRORS.FILE_TOO_LARGE(max);
  const text = body.trim();
  if (text && text.length < 160 && !text.startsWith('<')) return text;
  if (status === 413) return 'File exceeds the maximum upload size';
  if (status === 0) return 'Network error: the upload did not reach the server';
  return `Upload failed: ${status}`;
}

function xhrOnce(
  file: File,
  folderId: string | null,
  hooks: UploadHooks,
  token: string | null,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files/upload');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => hooks.onProgress(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: '' });
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    hooks.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // The folder goes first: the server reads the parts as a stream, in order.
    if (folderId) form.append('folderId', folderId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** POST /api/files/upload as multipart with upload progress (XMLHttpRequest: fetch has none). */
async function multipartUpload(file: File, folderId: string | null, hooks: UploadHooks): Promise<void> {
  let res = await xhrOnce(file, folderId, hooks, await freshToken());
  if (res.status === 401 && (await authSession.refresh())) {
    hooks.onProgress(0);
    res = await xhrOnce(file, folderId, hooks, authSession.accessToken());
  }
  if (res.status < 200 || res.status >= 300) throw new Error(uploadErrorMessage(res.status, res.body));
}

function envelopeMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' && parsed.error.message ? parsed.error.message : null;
  } catch {
    return null;
  }
}

/**
 * Why a tus upload failed. The tus server answers 413 in plain text; the size it allows comes from
 * Tus-Max-Size (on the reply, or asked with OPTIONS), and a file within it was refused for quota.
 */
async function tusFailureMessage(err: Error, fileSize: number): Promise<string> {
  const res = 'originalResponse' in err ? (err as DetailedError).originalResponse : null;
  if (!res) return err.message || 'Upload failed';
  const status = res.getStatus();
  const body = res.getBody() ?? '';
  if (envelopeMessage(body)) return uploadErrorMessage(status, body);
  let max = res.getHeader('Tus-Max-Size') ?? null;
  if (status === 413 && !max) {
    try {
      const probe = await fetch(TUS_ENDPOINT, { method: 'OPTIONS', headers: { 'Tus-Resumable': '1.0.0' } });
      max = probe.headers.get('Tus-Max-Size');
    } catch {
      // keep the plain reason
    }
  }
  if (status === 413 && Number(max) > 0 && fileSize <= Number(max)) return FILE_ERRORS.QUOTA_EXCEEDED;
  return uploadErrorMessage(status, body, max);
}

/** Resumable upload through /api/files/tus: a dropped connection resumes where it stopped. */
async function resumableUpload(file: File, folderId: string | null, hooks: UploadHooks): Promise<void> {
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: {
        filename: file.name,
        filetype: file.type || 'application/octet-stream',
        ...(folderId ? { folderId } : {}),
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (req) => {
        const token = await freshToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent) => hooks.onProgress(sent),
      // Client errors (too big, over quota, not allowed) will not change by retrying.
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
      },
      onSuccess: () => resolve(),
      onError: (err) => {
        void tusFailureMessage(err, file.size).then((message) => reject(new Error(message)));
      },
    });
    hooks.signal.addEventListener(
      'abort',
      () => {
        void upload.abort(true).catch(() => undefined);
        reject(new DOMException('Upload cancelled', 'AbortError'));
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const same = previous.find((p) => p.size === file.size);
        if (same) upload.resumeFromPreviousUpload(same);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!hooks.signal.aborted) upload.start();
      });
  });
}

/** The queue's transport: resumable for files over 50 MB, one multipart request otherwise. */
export function uploadFile(file: File, folderId: string | null, hooks: UploadHooks): Promise<void> {
  return file.size > RESUMABLE_THRESHOLD
    ? resumableUpload(file, folderId, hooks)
    : multipartUpload(file, folderId, hooks);
}
