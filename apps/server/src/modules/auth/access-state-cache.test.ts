import { describe, expect, it } from 'vitest';
import { type AccessState, AccessStateCache } from './access-state-cache';

function setup(ttlMs = 5000) {
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

  it('forgets everything on clear', async () => {
    const s = setup();
    await s.cache.load('u1');
    s.cache.clear();
    expect(s.cache.peek('u1')).toBeUndefined();
  });
});
