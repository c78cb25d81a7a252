import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/**
 * GET /metrics in Prometheus's text format when METRICS_ENABLED, and the request latency
 * histogram behind it. Labelled by the route's pattern (`/api/files/:id`), never the raw URL, so
 * the series stay few. When disabled, /metrics answers 404 (not the web app's index.html).
 * Not behind the sign-in: expose it on the private network only (see docs/operations.md).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    if (!metrics.enabled) {
      return reply.status(404).send({ success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.text());
  });
  if (!metrics.enabled) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}
