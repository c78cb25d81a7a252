import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('keeps a value for its time to live, counted from when it was read', () => {
    let now = 1000;
    const cache = new TtlCache<string, number>(50, 10, () => now);
    cache.set('a', 1);
    cache.set('b', 2, 980);
    now = 1031;
    expect([cache.get('a'), cache.get('b')]).toEqual([1, undefined]);
    now = 1050;
    expect(cache.get('a')).toBeUndefined();
  });

  it('starts over once it holds its most entries, and forgets a deleted key', () => {
    const cache = new TtlCache<number, number>(1000, 2, () => 0);
    cache.set(1, 1);
    cache.set(2, 2);
    cache.delete(2);
    expect(cache.get(2)).toBeUndefined();
    cache.set(3, 3);
    cache.set(4, 4);
    expect([cache.get(1), cache.get(3), cache.get(4)]).toEqual([undefined, undefined, 4]);
  });
});
