#!/usr/bin/env node
// `npm start`'s build step: builds the web app (Vite) and the server (esbuild) only when their
// inputs changed since the last build (content stamps, see build-stamp.mjs), so a start after the
// first goes straight to `node apps/server/dist/server.js`. `--force` rebuilds anyway; names
// (`web`, `server`) limit it to those targets.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';
import { isFresh, stampOf, writeStamp } from './build-stamp.mjs';
import { TARGETS } from './build-targets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names) {
  if (!TARGETS[name]) throw new Error(`build: no target named ${name} (${Object.keys(TARGETS).join(', ')})`);
}

const builders = {
  web: () => {
    const res = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web', '--', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error('the web app did not build');
  },
  server: () => buildServer(root),
};

for (const name of names.length > 0 ? names : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  const stamp = stampOf(root, target.inputs);
  if (!force && isFresh(root, target, stamp)) continue;
  console.log(`Building ${name} (${target.output})...`);
  const started = Date.now();
  await builders[name]();
  // Stamped with the inputs read before the build: a source edited meanwhile rebuilds next time.
  writeStamp(root, target, stamp);
  console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
