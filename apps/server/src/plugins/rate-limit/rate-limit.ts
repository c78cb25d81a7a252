import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import type { FastifyInstance } from 'fastify';
import { tooMany } from '../../lib/app-error';
import type { WindowCounter } from './window-counter';

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over a WindowCounter: each route with a `rateLimit`
 * config counts under its own prefix (method and path), so limits of different routes stay apart
 * however the counter is shared.
 */
function counterStore(counter: WindowCounter): FastifyRateLimitStoreCtor {
  class CounterStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route',
    ) {}

    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      counter.hit(`${this.prefix}:${key}`, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.resetMs }),
        (err: Error) => cb(err),
      );
    }

    /** Given the route's merged limit options (typed as the route's, which it is not quite). */
    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new CounterStore(null, `${method}:${route?.url ?? ''}`);
    }
  }
  return CounterStore;
}

/**
 * Per-route limits (`config: { rateLimit: { max, timeWindow } }`) counted by `counter`, which on
 * PostgreSQL is shared by every process. A refusal is a 429 whose Retry-After is the time left in
 * the window (the plugin sets the header too; the error handler keeps whichever is exact).
 */
export async function registerRateLimit(app: FastifyInstance, counter: WindowCounter): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: counterStore(counter),
    errorResponseBuilder: (_request, context) =>
      tooMany(AUTH_MESSAGES.tooManyAttempts, Math.ceil(context.ttl / 1000)),
  });
}
