import { authSession } from '../../../lib/auth-session';
import { tokenIsFresh } from '../../../lib/jwt';
import type { UploadHooks } from '../model/upload-queue';

/** Files above this go through the resumable (tus) endpoint; smaller ones in one multipart request. */
export const RESUMABLE_THRESHOLD = 50 * 1024 * 1024;
const TUS_CHUNK = 32 * 1024 * 1024;

/** A token that is still valid for the next request (refreshed once if it has expired). */
async function freshToken(): Promise<string | null> {
  const token = authSession.accessToken();
  if (token && !tokenIsFresh(token)) {
    await authSession.refresh();
    return authSession.accessToken();
  }
  return token;
}

/** The server's message from an error envelope, else a plain description of the status. */
export function uploadErrorMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string' && parsed.error.message) return parsed.error.message;
  } catch {
    // not JSON: a proxy's error page
  }
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

/** Resumable upload through /api/files/tus: a dropped connection resumes where it stopped. */
async function resumableUpload(file: File, folderId: string | null, hooks: UploadHooks): Promise<void> {
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: '/api/files/tus',
      chunkSize: TUS_CHUNK,
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
        const res = 'originalResponse' in err ? err.originalResponse : null;
        reject(new Error(res ? uploadErrorMessage(res.getStatus(), res.getBody()) : err.message));
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
