import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { downloadFile, listFiles, sha256, signIn } from '../../../test/live-server.fixture';
import { cliResult, type RunningServer, runCli, startServer } from '../../../test/server-process';

/** `npm run cli -- backup` against a running server, `restore` into a fresh data directory, as an operator runs them. */
describe('npm run cli -- backup / restore', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'stratos-backup-cli-'));
  const original = path.join(work, 'original');
  const fresh = path.join(work, 'fresh');
  const archive = path.join(work, 'nightly.tar.gz');
  const env = { JOBS_ENABLED: 'false' };
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up a running server and restores into a fresh data directory that signs in and serves the file', async () => {
    server = await startServer(env, original);
    runCli(['create-superadmin', '--email', 'owner@example.com', '--password', 'Str0ngPassword'], {
      ...env,
      DATA_DIR: original,
    });
    const token = await signIn(server.url, 'owner@example.com', 'Str0ngPassword');
    const data = randomBytes(1_500_000);
    const form = new FormData();
    form.append('file', new Blob([data]), 'report.bin');
    const uploaded = await fetch(`${server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    // Through the running server: PGlite lets one process open the database.
    const out = runCli(['backup', archive], { ...env, DATA_DIR: original });
    expect(out).toMatch(/Backup written to .*nightly\.tar\.gz\./);
    expect(out).toMatch(/1 files, 1500000 bytes/);
    expect(out).toMatch(/through the running server/);
    await server.stop();
    server = undefined;

    const restored = runCli(['restore', archive], { ...env, DATA_DIR: fresh });
    expect(restored).toMatch(/Restored .*nightly\.tar\.gz/);
    expect(restored).toMatch(/Secrets written to/);

    server = await startServer(env, fresh);
    const again = await signIn(server.url, 'owner@example.com', 'Str0ngPassword');
    const [file] = await listFiles(server.url, again);
    expect(file?.name).toBe('report.bin');
    expect(sha256(await downloadFile(server.url, again, file?.id ?? ''))).toBe(sha256(data));

    // Not over a live installation: the server is running, and the data has accounts anyway.
    const refused = cliResult(['restore', archive], { ...env, DATA_DIR: fresh });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/A server is running on this data directory/);
  }, 240_000);
});
