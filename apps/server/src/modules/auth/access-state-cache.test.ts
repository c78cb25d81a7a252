import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AccessState, AccessStateCache } from './access-state-cache';

/** `spread`: where in the last half of the TTL each entry expires (0: at the TTL itself). */
function setup(ttlMs = 5000, spread: () => number = () => 0) {
  let now = 0;
  const reads: string[] = [];
  const states = new Map<string, AccessState>([['u1', { tokenVersion: 1, active: true }]]);
  let gate: Promise<void> = Promise.resolve();
  const cache = new AccessStateCache(
    async (id) => {
      reads.push(id);
      await gate;
      return states.get(id) ?? null;
    },
    ttlMs,
    () => now,
    spread,
  );
  return {
    cache,
    reads,
    states,
    advance: (ms: number) => {
      now += ms;
    },
    hold: () => {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return open;
    },
  };
}

describe('AccessStateCache', () => {
  it('answers from memory after one read, until the entry is older than the TTL', async () => {
    const s = setup();
    expect(s.cache.peek('u1')).toBeUndefined();
    expect(await s.cache.load('u1')).toEqual({ tokenVersion: 1, active: true });
    expect(s.cache.peek('u1')).toEqual({ tokenVersion: 1, active: true });
    s.advance(4999);
    expect(s.cache.peek('u1')).toBeDefined();
    s.advance(1);
    expect(s.cache.peek('u1')).toBeUndefined();
    expect(s.reads).toEqual(['u1']);
  });

  it('spreads the expiry of entries read together over the last half of the TTL', async () => {
    const s = setup(5000, Math.random);
    const ids = Array.from({ length: 200 }, (_, i) => `u${i}`);
    await Promise.all(ids.map((id) => s.cache.load(id)));
    const held = () => ids.filter((id) => s.cache.peek(id) !== undefined).length;
    s.advance(2499);
    expect(held()).toBe(200);
    s.advance(1250);
    // Each entry is gone here with a chance of one half: all or none would be a 1 in 2^199 draw.
    expect(held()).toBeGreaterThan(0);
    expect(held()).toBeLessThan(200);
    s.advance(1251);
    expect(held()).toBe(0);
  });

  it('expires an entry with the largest spread at half the TTL', async () => {
    const s = setup(5000, () => 0.999_999);
    await s.cache.load('u1');
    s.advance(2500);
    expect(s.cache.peek('u1')).toBeDefined();
    s.advance(1);
    expect(s.cache.peek('u1')).toBeUndefined();
  });

  it('remembers that an account is gone', async () => {
    const s = setup();
    expect(await s.cache.load('ghost')).toBeNull();
    expect(s.cache.peek('ghost')).toBeNull();
  });

  it('drops an entry on invalidate, and does not keep a read that began before it', async () => {
    const s = setup();
    await s.cache.load('u1');
    s.states.set('u1', { tokenVersion: 2, active: true });
    s.cache.invalidate('u1');
    expect(s.cache.peek('u1')).toBeUndefined();

    const open = s.hold();
    const racing = s.cache.load('u1');
    s.cache.invalidate('u1');
    open();
    await racing;
    expect(s.cache.peek('u1')).toBeUndefined();
  });

  it('shares one read among concurrent misses, but not across an invalidation', async () => {
    const s = setup();
    const open = s.hold();
    const first = [s.cache.load('u1'), s.cache.load('u1'), s.cache.load('u1')];
    s.cache.invalidate('u1');
    const after = s.cache.load('u1');
    open();
    await Promise.all([...first, after]);
    expect(s.reads).toEqual(['u1', 'u1']);
    expect(s.cache.peek('u1')).toEqual({ tokenVersion: 1, active: true });
  });

  describe('renewal ahead of expiry', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers an entry asked for in its last twelfth, and reads the account again shortly after', async () => {
      const s = setup(60_000);
      await s.cache.load('u1');
      s.advance(54_999);
      s.cache.peek('u1');
      vi.advanceTimersByTime(1000);
      expect(s.reads).toEqual(['u1']);

      s.advance(1);
      s.states.set('u1', { tokenVersion: 2, active: true });
      expect(s.cache.peek('u1')).toEqual({ tokenVersion: 1, active: true });
      expect(s.reads).toEqual(['u1']);
      vi.advanceTimersByTime(249);
      expect(s.reads).toEqual(['u1']);
      vi.advanceTimersByTime(1);
      expect(s.reads).toEqual(['u1', 'u1']);
      await vi.runAllTimersAsync();
      // Renewed: it now lives a whole TTL from its new read, past the first entry's expiry.
      s.advance(10_000);
      expect(s.cache.peek('u1')).toEqual({ tokenVersion: 2, active: true });
    });

    it('reads every account due in one turn, so the loader can read them in one query', async () => {
      const s = setup(60_000);
      const ids = Array.from({ length: 50 }, (_, i) => `u${i}`);
      await Promise.all(ids.map((id) => s.cache.load(id)));
      s.advance(56_000);
      for (const id of ids) s.cache.peek(id);
      for (const id of ids) s.cache.peek(id);
      expect(s.reads).toHaveLength(50);
      vi.advanceTimersByTime(250);
      // All 50 were asked for synchronously, in the timer's one callback, and each once.
      expect(s.reads).toHaveLength(100);
      expect(new Set(s.reads.slice(50))).toEqual(new Set(ids));
    });

    it('lets an entry nobody asks for lapse, and does not renew one dropped meanwhile', async () => {
      const s = setup(60_000);
      await Promise.all([s.cache.load('u1'), s.cache.load('u2')]);
      s.advance(56_000);
      s.cache.peek('u1');
      s.cache.invalidate('u1');
      vi.advanceTimersByTime(1000);
      expect(s.reads).toEqual(['u1', 'u2']);
      s.advance(4000);
      expect(s.cache.peek('u2')).toBeUndefined();
    });

    it('renews nothing once stopped', async () => {
      const s = setup(60_000);
      await s.cache.load('u1');
      s.advance(56_000);
      s.cache.peek('u1');
      s.cache.stop();
      vi.advanceTimersByTime(1000);
      s.cache.peek('u1');
      vi.advanceTimersByTime(1000);
      expect(s.reads).toEqual(['u1']);
    });
  });

  it('forgets everything on clear', async () => {
    const s = setup();
    await s.cache.load('u1');
    s.cache.clear();
    expect(s.cache.peek('u1')).toBeUndefined();
  });
});
