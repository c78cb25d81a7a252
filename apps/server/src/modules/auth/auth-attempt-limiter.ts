import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { tooMany } from '../../lib/app-error';
import type { WindowCounter } from '../../plugins/rate-limit/window-counter';

export interface AttemptLimits {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

type AttemptHooks = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'onSend'>;

/** Addresses are keyed by a digest: the table of counters need not be a list of who tried to sign in. */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * Attempts on the identity routes, per IP (counted on arrival, so malformed requests count too)
 * and per e-mail address (once the body is valid), each route on its own: spreading guesses over
 * many addresses from one IP hits the IP limit, guessing one account from many IPs hits the other.
 *
 * Every attempt is counted before it runs, so a burst of parallel guesses cannot slip past the
 * limit; on a `failuresOnly` route (sign-in, code confirmation, password reset) an attempt that
 * succeeds is given back before its reply leaves, so only failures add up and signing in often
 * never locks anyone out. Routes that send mail count every attempt. The counter is shared by all
 * processes on PostgreSQL.
 */
export class AuthAttemptLimiter {
  private readonly counted = new WeakMap<FastifyRequest, string[]>();
  private readonly windowMs: number;

  constructor(
    private readonly counter: WindowCounter,
    private readonly limits: AttemptLimits,
  ) {
    this.windowMs = limits.windowSeconds * 1000;
  }

  /** The hooks of one route. */
  hooks(route: string, opts: { failuresOnly: boolean }): AttemptHooks {
    const hooks: AttemptHooks = {
      onRequest: async (request) => {
        await this.count(request, `auth:${route}:ip:${request.ip}`, this.limits.perIp);
      },
      preHandler: async (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string') {
          await this.count(request, `auth:${route}:email:${emailKey(email)}`, this.limits.perEmail);
        }
      },
    };
    if (opts.failuresOnly) {
      hooks.onSend = async (request, reply, payload) => {
        const keys = this.counted.get(request);
        if (keys && reply.statusCode < 400) await this.counter.undo(keys);
        return payload;
      };
    }
    return hooks;
  }

  private async count(request: FastifyRequest, key: string, max: number): Promise<void> {
    const hit = await this.counter.hit(key, this.windowMs);
    const keys = this.counted.get(request);
    if (keys) keys.push(key);
    else this.counted.set(request, [key]);
    if (hit.count > max) throw tooMany(AUTH_MESSAGES.tooManyAttempts, hit.resetMs / 1000);
  }
}
