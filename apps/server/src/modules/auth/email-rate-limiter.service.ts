import { AUTH_MESSAGES } from '@stratos/contracts/common/error-codes';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../lib/app-error';

/**
 * Attempts per e-mail address and route, on top of the per-IP limit: spreading guesses over many
 * addresses from one IP hits the IP limit, guessing one account from many IPs hits this one.
 * In memory, so per process; one instance per app keeps test apps from sharing counts.
 */
export class EmailRateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(points: number, windowSeconds: number) {
    this.limiter = new RateLimiterMemory({ points, duration: windowSeconds });
  }

  async consume(route: string, email: string): Promise<void> {
    try {
      await this.limiter.consume(`${route}:${email.toLowerCase()}`);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        throw new AppError(429, 'LimitExceededException', AUTH_MESSAGES.tooManyAttempts);
      }
      throw err;
    }
  }

  /** preHandler for a route whose (already validated) body has an `email`. */
  hook(route: string): preHandlerAsyncHookHandler {
    return async (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string') await this.consume(route, email);
    };
  }
}
