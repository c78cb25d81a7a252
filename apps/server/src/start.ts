/**
 * The built server's entry (dist/server.js): turns on Node's compile cache before any of the
 * app's code loads, so every start after the first reads V8's compiled code from disk instead of
 * compiling the bundle again (about a quarter of a second of a start here), then starts the
 * server. The cache sits beside the build, which a rebuild replaces with it; where it cannot be
 * written, the server starts without it.
 */
import { enableCompileCache } from 'node:module';
import path from 'node:path';

enableCompileCache(path.join(import.meta.dirname, '.compile-cache'));
await import('./server');
