import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { downloadFile, listFiles, openRequest, sha256, signIn } from '../../test/live-server.fixture';
import { type RunningServer, runCli, startServer } from '../../test/server-process';
import { multipart } from '../../test/upload.fixture';
import { readLock } from '../operator/data-dir-lock';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether the server still takes a new request: a refused connection (or a 503) means it does not. */
async function takesNewRequests(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.status !== 503;
  } catch {
    return false;
  }
}

describe('SIGTERM drains uploads in progress', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-drain-'));
  const env = { SHUTDOWN_TIMEOUT_SECONDS: '30', JOBS_ENABLED: 'false' };
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses new requests, finishes a multipart upload and a tus PATCH, stores both, exits 0', async () => {
    server = await startServer(env, dataDir);
    runCli(['create-superadmin', '--email', 'ops@example.com', '--password', 'Str0ngPassword'], {
      ...env,
      DATA_DIR: dataDir,
    });
    const token = await signIn(server.url, 'ops@example.com', 'Str0ngPassword');
    const auth = { authorization: `Bearer ${token}` };

    // A multipart upload, its body half sent.
    const first = randomBytes(3 * 1024 * 1024);
    const form = multipart([{ name: 'file', data: first, filename: 'multipart.bin' }]);
    const posting = openRequest(`${server.url}/api/files/upload`, 'POST', {
      ...auth,
      ...form.headers,
      'content-length': form.body.length,
    });
    const half = Math.floor(form.body.length / 2);
    await posting.write(form.body.subarray(0, half));

    // A resumable upload created, its PATCH half sent.
    const second = randomBytes(2 * 1024 * 1024);
    const created = await fetch(`${server.url}/api/files/tus`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(second.length),
        'upload-metadata': `filename ${b64('tus.bin')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', server.url).href;
    const patching = openRequest(location, 'PATCH', {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-offset': 0,
      'content-type': 'application/offset+octet-stream',
      'content-length': second.length,
    });
    await patching.write(second.subarray(0, second.length / 2));
    await sleep(300);

    const pid = readLock(dataDir)?.holder.pid;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid as number, 'SIGTERM');
    // The listener closes at once: a new request is refused while the uploads go on.
    let refused = false;
    for (let i = 0; i < 20 && !refused; i++) {
      refused = !(await takesNewRequests(server.url));
      if (!refused) await sleep(100);
    }
    expect(refused).toBe(true);

    await posting.write(form.body.subarray(half));
    posting.end();
    await patching.write(second.subarray(second.length / 2));
    patching.end();
    const [posted, patched] = await Promise.all([posting.response, patching.response]);
    expect(posted.status).toBe(201);
    expect(patched.status).toBe(200);
    expect(Number(patched.headers['upload-offset'])).toBe(second.length);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutdown: drained and closed');
    // It left server_instances itself (the database was still open), so the next start does not
    // take it for a crashed process.
    expect(server.output()).not.toContain('could not leave server_instances');

    // Started again on the same data: both files are there, byte for byte.
    server = await startServer(env, dataDir);
    const again = await signIn(server.url, 'ops@example.com', 'Str0ngPassword');
    const files = await listFiles(server.url, again);
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['multipart.bin', 'tus.bin']);
    const gotFirst = await downloadFile(server.url, again, byName['multipart.bin']?.id ?? '');
    const gotSecond = await downloadFile(server.url, again, byName['tus.bin']?.id ?? '');
    expect(sha256(gotFirst)).toBe(sha256(first));
    expect(sha256(gotSecond)).toBe(sha256(second));
  }, 180_000);

  it('cuts an upload still running at SHUTDOWN_TIMEOUT_SECONDS, and still exits 0', async () => {
    await server?.stop();
    server = await startServer({ ...env, SHUTDOWN_TIMEOUT_SECONDS: '1' }, dataDir);
    const token = await signIn(server.url, 'ops@example.com', 'Str0ngPassword');
    const data = randomBytes(1024 * 1024);
    const form = multipart([{ name: 'file', data, filename: 'never-finished.bin' }]);
    const posting = openRequest(`${server.url}/api/files/upload`, 'POST', {
      authorization: `Bearer ${token}`,
      ...form.headers,
      'content-length': form.body.length,
    });
    await posting.write(form.body.subarray(0, 1000));
    await sleep(300);
    process.kill(readLock(dataDir)?.holder.pid as number, 'SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(posting.response).rejects.toThrow();
    expect(server.output()).toContain('requests still running after the timeout');

    server = await startServer(env, dataDir);
    const again = await signIn(server.url, 'ops@example.com', 'Str0ngPassword');
    expect((await listFiles(server.url, again)).map((f) => f.name)).not.toContain('never-finished.bin');
  }, 120_000);
});
