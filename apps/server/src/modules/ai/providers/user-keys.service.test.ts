import { describe, expect, it } from 'vitest';
import type { UserKeyRow } from './providers.repository';
import { KeyOpener, SecretBox } from './secret-box';
import { KEY_NEEDS_REENTRY, ROUTING_KEYS_TTL_MS, UserKeysService } from './user-keys.service';

/** The service over an in-memory key table that counts its reads, with a clock the test moves. */
function setup() {
  const box = new SecretBox('a'.repeat(64));
  const rows: UserKeyRow[] = [];
  let reads = 0;
  let at = Date.UTC(2026, 0, 1);
  const warnings: object[] = [];
  const service = new UserKeysService({
    box,
    opener: new KeyOpener(box, { warn: (obj) => void warnings.push(obj) }),
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
    rows,
    warnings,
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

describe('a stored key that can no longer be decrypted', () => {
  it('is shown to its owner as needing re-entry, never routed, and logged once', async () => {
    const s = setup();
    // Sealed under another ENCRYPTION_KEY, as after a lost secrets.json.
    const foreign = new SecretBox('b'.repeat(64)).seal('sk-old-1234567890');
    s.rows.push({
      userId: 'u1',
      providerId: 'openai',
      apiKeyEnc: foreign,
      maskedKey: 'sk-…7890',
      status: 'available',
      error: null,
      checkedAt: new Date(),
      updatedAt: new Date(),
    });
    for (let i = 0; i < 3; i++) {
      expect(await s.service.list('u1')).toEqual([
        expect.objectContaining({ needsReentry: true, status: 'error', error: KEY_NEEDS_REENTRY }),
      ]);
      expect((await s.service.statuses('u1')).get('openai')).toEqual({
        status: 'error',
        error: KEY_NEEDS_REENTRY,
      });
      s.advance(ROUTING_KEYS_TTL_MS);
      expect((await s.service.forRouting('u1')).size).toBe(0);
    }
    expect(s.warnings).toEqual([{ provider: 'openai', userId: 'u1' }]);

    // Entering it again clears the state.
    await s.service.save('u1', 'openai', 'sk-new-1234567890');
    expect(await s.service.list('u1')).toEqual([expect.objectContaining({ needsReentry: false })]);
  });
});
