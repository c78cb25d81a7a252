import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AppConfig, webAppBuilt } from '../config';

/** Vite fingerprints what it writes under assets/: a name never changes content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app and falls back to index.html for client-side routes; unknown /api
 * paths stay JSON 404s. The build leaves brotli and gzip copies beside each text asset
 * (vite-plugin-compression2), and @fastify/static sends the one the request accepts (brotli first),
 * with the original's content type and `Vary: Accept-Encoding`. Fingerprinted assets are cached
 * for a year; everything else (index.html, favicon, theme-boot.js) is revalidated on each use.
 */
export async function registerStaticWeb(app: FastifyInstance, config: AppConfig) {
  const built = webAppBuilt(config);
  if (built) {
    const assets = path.join(config.webDistDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      // One route for every file, looked up per request, rather than a route per file made at start.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  const indexHtml = built ? readFileSync(path.join(config.webDistDir, 'index.html'), 'utf8') : null;
  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  };

  // `/` itself is the app, not the directory the static route would refuse to list.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    return sendIndex(reply);
  });
}
