import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliResult, freePort, type RunningServer, spawnServer, startServer } from '../../test/server-process';
import { lockPath } from './data-dir-lock';

/**
 * The README's first run, as separate processes: `npm start`, then `npm run cli -- ...` in another
 * terminal, with the server running, stopped, and killed.
 */
describe('operator commands beside a PGlite server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-operator-'));
  const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' };
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (url: string, email: string, password: string) => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await login.json()) as { token?: string; user?: { role?: string } };
    return { status: login.status, role: body.user?.role, token: body.token };
  };

  it('a running server carries out create-superadmin and migrate itself, and knows the account at once', async () => {
    server = await startServer(env, dataDir);
    const holder = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as { role: string; socket: string };
    expect(holder.role).toBe('server');
    // Local only: a socket in DATA_DIR that only its owner may open.
    expect(statSync(holder.socket).mode & 0o777).toBe(0o600);

    const created = cliResult(
      ['create-superadmin', '--email', 'Root@Example.com', '--password', 'Str0ngPassword'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Created superadmin root@example\.com\./);
    expect(created.stdout).toMatch(/through the running server \(pid \d+\)/);
    expect(await signIn(server.url, 'root@example.com', 'Str0ngPassword')).toMatchObject({
      status: 200,
      role: 'superadmin',
    });

    const migrated = cliResult(['migrate'], env);
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/Migrations applied\.[\s\S]*through the running server/);

    // Bad input is refused by the server with the CLI's own words and exit code.
    const weak = cliResult(['create-superadmin', '--email', 'root@example.com', '--password', 'weak'], env);
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('Invalid --password');

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 180_000);

  it('refuses to start a second server on the same data directory, with a clear message', async () => {
    const second = spawnServer({ ...env, PORT: String(await freePort()) }, dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /The database in .*pglite is in use by a running Stratos server \(pid \d+\)\. PGlite lets one process open it/,
    );
    // The first server is untouched.
    expect(await signIn(server?.url ?? '', 'root@example.com', 'Str0ngPassword')).toMatchObject({
      status: 200,
    });
  }, 120_000);

  it('with the server stopped, the command opens the data directory itself', async () => {
    await server?.stop();
    expect(existsSync(lockPath(dataDir))).toBe(false);

    const created = cliResult(
      ['create-superadmin', '--email', 'second@example.com', '--password', 'An0therPass'],
      env,
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created superadmin second@example.com.');
    expect(created.stdout).toContain(`Database: PGlite in ${dataDir}/pglite.`);
    expect(created.stdout).not.toContain('running server');
    expect(existsSync(lockPath(dataDir))).toBe(false);

    server = await startServer(env, dataDir);
    expect(await signIn(server.url, 'second@example.com', 'An0therPass')).toMatchObject({
      status: 200,
      role: 'superadmin',
    });
  }, 180_000);

  it('replaces the lock of a killed server, in the command and in the next server', async () => {
    const killed = server;
    server = undefined;
    await killed?.kill();
    const stale = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as { pid: number };

    const created = cliResult(
      ['create-superadmin', '--email', 'third@example.com', '--password', 'Th1rdPassword'],
      env,
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(
      `removed the lock of a server that is no longer running (pid ${stale.pid})`,
    );
    expect(created.stdout).toContain('Created superadmin third@example.com.');

    server = await startServer(env, dataDir);
    expect(await signIn(server.url, 'third@example.com', 'Th1rdPassword')).toMatchObject({ status: 200 });

    // A server started over a killed one's lock takes the directory too.
    await server.kill();
    server = await startServer(env, dataDir);
    expect(await signIn(server.url, 'third@example.com', 'Th1rdPassword')).toMatchObject({ status: 200 });
  }, 240_000);
});
