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

type AttemptHooks = Pick<RouteShorthandOptions, 'preHandler' | 'onSend' | 'onResponse'>;

/** Addresses are keyed by a digest: the table of counters need not be a list of who tried to sign in. */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * Attempts on the identity routes, per IP and per e-mail address, each route on its own:
 * spreading guesses over many addresses from one IP hits the IP limit, guessing one account from
 * many IPs hits the other.
 *
 * A valid attempt is counted before it runs (both keys in one statement), so a burst of parallel
 * guesses cannot slip past the limit; one refused before that (a malformed body) is counted
 * against its IP as its reply leaves. On a `failuresOnly` route (sign-in, code confirmation,
 * password reset) an attempt that succeeds is given back as soon as its reply has left, so only
 * failures add up and signing in often never locks anyone out. Routes that send mail count every
 * attempt. The counter is shared by all processes on PostgreSQL.
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
    const ipKey = (request: FastifyRequest) => `auth:${route}:ip:${request.ip}`;
    return {
      preHandler: async (request) => {
        const keys = [ipKey(request)];
        const maxes = [this.limits.perIp];
        const email = (request.body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string') {
          keys.push(`auth:${route}:email:${emailKey(email)}`);
          maxes.push(this.limits.perEmail);
        }
        const hits = await this.counter.hitMany(keys, this.windowMs);
        this.counted.set(request, keys);
        const over = hits.filter((hit, i) => hit.count > (maxes[i] as number));
        if (over.length > 0) {
          const waitMs = Math.max(...over.map((hit) => hit.resetMs));
          throw tooMany(AUTH_MESSAGES.tooManyAttempts, waitMs / 1000);
        }
      },
      onSend: async (request, reply, payload) => {
        // Refused before it was counted (malformed or invalid body): it still costs its IP one.
        if (!this.counted.has(request) && reply.statusCode >= 400) {
          await this.counter.hitMany([ipKey(request)], this.windowMs);
        }
        return payload;
      },
      // After the reply, which need not wait for the round trip (0.25 ms of a sign-in on
      // PostgreSQL): the next attempt of a client that waits for its replies finds at most this
      // one success not yet given back.
      onResponse: async (request, reply) => {
        const keys = this.counted.get(request);
        if (keys && opts.failuresOnly && reply.statusCode < 400) await this.counter.undo(keys);
      },
    };
  }
}
