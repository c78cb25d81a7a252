import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, listFiles, sha256, signIn } from '../apps/server/test/live-server.fixture';
import { freePort, repoRoot, runCli } from '../apps/server/test/server-process';
import { buildServer } from './build-server.mjs';

/**
 * What `npm start` runs is the bundle, not the sources the other tests load through tsx: build it
 * (beside the real one, so it finds the repository as dist/ does) and use it as a person would.
 * A package bundled that needs its own files at run time, or a CommonJS require the bundle cannot
 * serve, fails here.
 */
describe('the server bundle npm start runs', () => {
  const outdir = path.join(repoRoot, 'apps/server', `.dist-test-${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-bundle-'));
  let url = '';
  let log = '';
  let child: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    await buildServer(repoRoot, outdir);
    runCli(['create-superadmin', '--email', 'bundle@example.com', '--password', 'Str0ngPassword'], {
      DATA_DIR: dataDir,
    });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_PRETTY: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      log += d;
    });
    child.stderr?.on('data', (d) => {
      log += d;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bundle exited:\n${log}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the bundle did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child?.once('exit', r));
    }
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is a few files with the packages of the start path inside', () => {
    const files = readdirSync(outdir).filter((f) => f.endsWith('.js'));
    expect(files).toContain('server.js');
    expect(files.length).toBeLessThan(20);
    // Swagger UI inside: required from node_modules it loaded a second YAML library at every start.
    const bundled = files.some((f) =>
      readFileSync(path.join(outdir, f), 'utf8').includes('node_modules/@fastify/swagger-ui/lib/routes.js'),
    );
    expect(bundled).toBe(true);
  });

  it('signs in (argon2), uploads (multipart), lists, downloads, serves the API docs, and stops cleanly', async () => {
    const token = await signIn(url, 'bundle@example.com', 'Str0ngPassword');
    const data = randomBytes(300_000);
    const form = new FormData();
    form.append('file', new Blob([data]), 'bundle.bin');
    const uploaded = await fetch(`${url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [file] = await listFiles(url, token);
    expect(file?.name).toBe('bundle.bin');
    expect(sha256(await downloadFile(url, token, file?.id ?? ''))).toBe(sha256(data));

    const wrong = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bundle@example.com', password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${url}/api/docs/json`)).status).toBe(200);
    const docs = await fetch(`${url}/api/docs/static/index.html`);
    expect(docs.status).toBe(200);
    // Swagger UI's code is bundled: its pages come from its package, its YAML from the bundle's library.
    expect((await fetch(`${url}/api/docs/static/swagger-ui-bundle.js`)).status).toBe(200);
    const yaml = await fetch(`${url}/api/docs/yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toContain('title: Stratos API');
    expect(await (await fetch(`${url}/api/docs/static/swagger-initializer.js`)).text()).toContain(
      'data:image/svg+xml;base64,',
    );

    child?.kill('SIGTERM');
    const code = await new Promise((r) => child?.once('exit', r));
    expect(code).toBe(0);
    expect(log).toContain('shutdown: drained and closed');
    expect(log).not.toMatch(/Dynamic require|Cannot find module|ERR_MODULE_NOT_FOUND/);
    // Node's compile cache beside the bundle holds the compiled app for the next start.
    const cached = readdirSync(path.join(outdir, '.compile-cache'), { recursive: true }) as string[];
    expect(cached.length).toBeGreaterThan(10);
  }, 60_000);
});
