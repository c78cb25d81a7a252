import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryWindowCounter } from '../../plugins/rate-limit/window-counter';
import { AuthAttemptLimiter } from './auth-attempt-limiter';

/** A counter whose giving back never finishes: what a reply must not wait for. */
class StalledUndoCounter extends MemoryWindowCounter {
  undone: string[][] = [];
  override undo(keys: readonly string[]): Promise<void> {
    this.undone.push([...keys]);
    return new Promise(() => {});
  }
}

describe('AuthAttemptLimiter', () => {
  const app = Fastify();
  afterEach(() => app.close());

  it('gives a successful attempt back once its reply has left, without making the reply wait', async () => {
    const counter = new StalledUndoCounter(() => Date.now());
    const limiter = new AuthAttemptLimiter(counter, { perIp: 5, perEmail: 5, windowSeconds: 60 });
    app.post('/login', limiter.hooks('login', { failuresOnly: true }), async () => ({ ok: true }));
    const reply = await app.inject({ method: 'POST', url: '/login', payload: { email: 'a@b.test' } });
    expect(reply.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(counter.undone).toHaveLength(1);
    expect(counter.undone[0]?.[0]).toBe('auth:login:ip:127.0.0.1');
  });
});
