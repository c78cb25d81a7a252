// The server compiled once with esbuild: apps/server/src/server.ts (entered through start.ts) with
// everything of ours it imports (our contracts included, which are TypeScript) and the
// pure-JavaScript packages of its start path (Fastify and its plugins, Drizzle, pg, zod, ...)
// bundled to apps/server/dist, so a start reads a few files instead of resolving ~1,000 modules
// through their package.json files.
// Code splitting keeps the dynamic imports dynamic, so server.ts opens the database while the
// rest of the app loads.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Packages that stay in node_modules: those that find files of their own at run time (PGlite's
 * WebAssembly and data, pgvector's, the SQL parser's, Swagger UI's pages, pino's transport
 * workers), native addons, what is loaded only on first use (payments, S3, AI providers, mail,
 * document parsers: bundling would load them at start), and optional native drivers.
 * @fastify/static stays too, one copy for the web app and Swagger UI. Swagger UI's code is
 * bundled (it is told where its pages are: plugins/swagger.ts), so it shares the bundle's YAML
 * library instead of loading its own at every start.
 */
export const KEEP_EXTERNAL = [
  '@electric-sql/*',
  '@node-rs/*',
  '@fastify/static',
  'pino',
  'pino-pretty',
  'thread-stream',
  'libpg-query',
  '@libpg-query/*',
  'pg-native',
  'stripe',
  '@aws-sdk/*',
  '@tus/s3-store',
  'ai',
  '@ai-sdk/*',
  'ollama-ai-provider-v2',
  'nodemailer',
  'mammoth',
  'unpdf',
  'tsx',
];

export async function buildServer(root, outdir = path.join(root, 'apps/server/dist')) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const deps = Object.keys(pkg.dependencies);
  // A package the list above names by scope is external with all its entry points.
  const external = KEEP_EXTERNAL.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`]));
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // dist/server.js: start.ts (the compile cache on), which imports server.ts.
    entryPoints: [{ in: 'apps/server/src/start.ts', out: 'server' }],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external,
    // Bundled CommonJS packages require Node's own modules (and the external ones above).
    banner: {
      js: "import { createRequire as __stratosRequire } from 'node:module'; const require = __stratosRequire(import.meta.url);",
    },
    // Not minified: stack traces in the log stay readable without source maps.
    logLevel: 'warning',
    metafile: false,
  });
  return { dependencies: deps.length };
}
