import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSwagger } from './swagger';

const MARK = '<svg xmlns="http://www.w3.org/2000/svg"><title>Stratos</title></svg>';
const dirs: string[] = [];

/** The docs' page script as a browser loads it, with the web app built into `dist` (or not). */
async function docsScript(withMark: boolean): Promise<string> {
  const dist = mkdtempSync(path.join(tmpdir(), 'stratos-docs-'));
  dirs.push(dist);
  if (withMark) writeFileSync(path.join(dist, 'favicon.svg'), MARK);
  const app = Fastify();
  await registerSwagger(app, dist);
  await app.ready();
  const res = await app.inject({ url: '/api/docs/static/swagger-initializer.js' });
  await app.close();
  expect(res.statusCode).toBe(200);
  return res.body;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('API docs', () => {
  it("show the web app's icon in their top bar", async () => {
    const script = await docsScript(true);
    expect(script).toContain(`data:image/svg+xml;base64,${Buffer.from(MARK).toString('base64')}`);
  });

  it("serve Swagger UI's pages from its package, and the spec as YAML", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stratos-docs-'));
    dirs.push(dist);
    const app = Fastify();
    await registerSwagger(app, dist);
    await app.ready();
    const bundle = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    const yaml = await app.inject({ url: '/api/docs/yaml' });
    await app.close();
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('title: Stratos API');
  });

  it("keep Swagger UI's own logo while the web app is not built", async () => {
    const script = await docsScript(false);
    expect(script).toContain('data:image/svg+xml;base64,');
    expect(script).not.toContain(Buffer.from(MARK).toString('base64'));
  });
});
