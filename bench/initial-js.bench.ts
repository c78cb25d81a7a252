import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './run';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const BUDGET_KB = 200;

/** Gzip size of the JavaScript the home page loads before any lazy route: entry plus modulepreloads. */
export async function initialJsBench(): Promise<Figure[]> {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) if (m[1]) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    if (m[1]) srcs.add(m[1]);
  let bytes = 0;
  for (const src of srcs) bytes += gzipSync(readFileSync(path.join(dist, src.replace(/^\//, '')))).length;
  const kb = bytes / 1024;
  return [
    {
      name: `home page initial JavaScript (${srcs.size} files, gzip)`,
      value: Math.round(kb * 10) / 10,
      unit: 'KB',
      limitName: 'budget',
      limit: BUDGET_KB,
      ratio: kb / BUDGET_KB,
      goal: '<= 1',
      pass: kb <= BUDGET_KB,
    },
  ];
}
