import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { IMMUTABLE, registerStaticWeb } from './static-web';

const SCRIPT = `console.log(${JSON.stringify('stratos '.repeat(200))});`;
const STYLE = `body { color: #1890ff; }\n${'.a { margin: 0 }\n'.repeat(100)}`;
const INDEX = '<!doctype html><div id="root"></div>';

let dist: string;
let app: FastifyInstance;

/** A built web app as Vite and the compression plugin leave it: hashed assets with .br and .gz beside them. */
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'stratos-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (rel: string, body: string | Buffer) => writeFileSync(path.join(dist, rel), body);
  write('index.html', INDEX);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const [name, body] of [
    ['assets/index-AbC123.js', SCRIPT],
    ['assets/index-DeF456.css', STYLE],
  ] as const) {
    write(name, body);
    write(`${name}.br`, brotliCompressSync(body));
    write(`${name}.gz`, gzipSync(body));
  }
  app = Fastify();
  await registerStaticWeb(app, { webDistDir: dist } as AppConfig);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('static web app', () => {
  it('sends the brotli copy when the browser accepts it, with the original content type', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts gzip but not brotli', async () => {
    const res = await get('/assets/index-DeF456.css', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(STYLE);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await get('/assets/index-AbC123.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.payload).toBe(SCRIPT);
    expect((await get('/assets/index-AbC123.js')).payload).toBe(SCRIPT);
  });

  it('lets browsers keep fingerprinted assets for a year, compressed or not', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      expect((await get('/assets/index-AbC123.js', enc)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('makes browsers revalidate what is not fingerprinted: index.html, the favicon, client routes', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg', '/files/some-folder']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/')).payload).toBe(INDEX);
    const route = await get('/files/some-folder', 'gzip, br');
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.payload).toBe(INDEX);
  });

  it('answers an unknown API path, or anything but a GET, with a JSON 404, not the app', async () => {
    expect((await get('/api/nope')).statusCode).toBe(404);
    expect((await get('/api/nope')).json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await app.inject({ method: 'POST', url: '/files' })).statusCode).toBe(404);
  });
});
