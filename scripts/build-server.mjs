// The server compiled once with esbuild: apps/server/src/server.ts and everything of ours it
// imports (our contracts included, which are TypeScript) bundled to apps/server/dist; npm packages
// stay external and load from node_modules. Code splitting keeps the dynamic imports dynamic, so
// server.ts opens the database while the rest of the app loads.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export async function buildServer(root) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@stratos/'));
  const outdir = path.join(root, 'apps/server/dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['apps/server/src/server.ts'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: [...external, ...external.map((name) => `${name}/*`)],
    // Not minified: stack traces in the log stay readable without source maps.
    logLevel: 'warning',
  });
}
