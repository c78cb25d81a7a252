import { describe, expect, it } from 'vitest';
import type { UserKeyRow } from './providers.repository';
import { SecretBox } from './secret-box';
import { ROUTING_KEYS_TTL_MS, UserKeysService } from './user-keys.service';

/** The service over an in-memory key table that counts its reads, with a clock the test moves. */
function setup() {
  const box = new SecretBox('a'.repeat(64));
  const rows: UserKeyRow[] = [];
  let reads = 0;
  let at = Date.UTC(2026, 0, 1);
  const service = new UserKeysService({
    box,
    clock: { now: () => new Date(at) },
    repo: {
      listUserKeys: async (userId) => {
        reads++;
        return rows.filter((r) => r.userId === userId);
      },
      saveUserKey: async (row) => {
        const saved = { ...row, updatedAt: new Date(at) };
        rows.splice(0, rows.length, ...rows.filter((r) => r.providerId !== row.providerId), saved);
        return saved;
      },
      deleteUserKey: async (userId, providerId) => {
        const before = rows.length;
        rows.splice(
          0,
          rows.length,
          ...rows.filter((r) => !(r.userId === userId && r.providerId === providerId)),
        );
        return rows.length < before;
      },
    },
    registry: {
      settings: async () => new Map(),
      platformConnection: () => ({ baseUrl: 'http://127.0.0.1:9' }),
      check: async () => ({ status: 'available', responseTimeMs: 1, availableModels: [], error: null }),
    },
  });
  return {
    service,
    reads: () => reads,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

describe('UserKeysService.forRouting', () => {
  it('opens the keys once and reuses them until a save, a removal or the TTL', async () => {
    const s = setup();
    expect((await s.service.forRouting('u1')).size).toBe(0);
    expect((await s.service.forRouting('u1')).size).toBe(0);
    expect(s.reads()).toBe(1);

    // A key saved on this node is used by the very next call.
    await s.service.save('u1', 'openai', 'sk-test-1234567890');
    const keys = await s.service.forRouting('u1');
    expect(keys.get('openai')).toEqual({ apiKey: 'sk-test-1234567890', status: 'available' });
    expect(s.reads()).toBe(2);

    // ... and a removed one is gone at once.
    await s.service.remove('u1', 'openai');
    expect((await s.service.forRouting('u1')).size).toBe(0);
    expect(s.reads()).toBe(3);

    // Another node's change is seen once the TTL has passed.
    s.advance(ROUTING_KEYS_TTL_MS - 1);
    await s.service.forRouting('u1');
    expect(s.reads()).toBe(3);
    s.advance(1);
    await s.service.forRouting('u1');
    expect(s.reads()).toBe(4);
  });
});
