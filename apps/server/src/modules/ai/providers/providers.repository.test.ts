import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-app';
import type { Database } from '../../../db/client';
import { UsersRepository } from '../../users/users.repository';
import { AiProvidersRepository, type NewUsageRow } from './providers.repository';

describe('AiProvidersRepository usage rows', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let repo: AiProvidersRepository;
  let userId: string;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    repo = new AiProvidersRepository(database.db);
    const user = await new UsersRepository(database.db).insert({
      email: `usage-${randomUUID().slice(0, 8)}@example.test`,
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'active',
    });
    userId = user.id;
  });
  afterAll(() => dispose());

  it('writes a batch of rows in one statement, every column as given and the defaults filled in', async () => {
    const rows: NewUsageRow[] = [
      {
        userId,
        provider: 'openai',
        model: 'gpt-4o-mini',
        operation: 'chat',
        promptTokens: 12,
        completionTokens: 30,
        tokensUsed: 42,
        cost: 0.000123,
        responseTimeMs: 250,
        success: true,
        streamed: true,
        metadata: { quote: 'a "quoted", {braced} value', n: [1, 2] },
      },
      // Only the required fields: the rest take the table's defaults.
      {
        userId,
        provider: 'ollama',
        model: 'llama3.2',
        operation: 'analysis',
        responseTimeMs: 5,
        success: true,
      },
      {
        userId,
        provider: 'anthropic',
        model: 'claude-3-haiku',
        operation: 'chat',
        responseTimeMs: 9,
        success: false,
        error: 'Rate limited, "retry" later',
      },
    ];
    await repo.logUsageRows(rows);
    const stored = (await repo.usageOf(userId)).sort((a, b) => a.id - b.id);
    expect(
      stored.map((r) => ({
        provider: r.provider,
        model: r.model,
        operation: r.operation,
        promptTokens: r.promptTokens,
        completionTokens: r.completionTokens,
        tokensUsed: r.tokensUsed,
        cost: r.cost,
        responseTimeMs: r.responseTimeMs,
        success: r.success,
        error: r.error,
        streamed: r.streamed,
        metadata: r.metadata,
      })),
    ).toEqual([
      {
        provider: 'openai',
        model: 'gpt-4o-mini',
        operation: 'chat',
        promptTokens: 12,
        completionTokens: 30,
        tokensUsed: 42,
        cost: 0.000123,
        responseTimeMs: 250,
        success: true,
        error: null,
        streamed: true,
        metadata: { quote: 'a "quoted", {braced} value', n: [1, 2] },
      },
      {
        provider: 'ollama',
        model: 'llama3.2',
        operation: 'analysis',
        promptTokens: 0,
        completionTokens: 0,
        tokensUsed: 0,
        cost: 0,
        responseTimeMs: 5,
        success: true,
        error: null,
        streamed: false,
        metadata: {},
      },
      {
        provider: 'anthropic',
        model: 'claude-3-haiku',
        operation: 'chat',
        promptTokens: 0,
        completionTokens: 0,
        tokensUsed: 0,
        cost: 0,
        responseTimeMs: 9,
        success: false,
        error: 'Rate limited, "retry" later',
        streamed: false,
        metadata: {},
      },
    ]);
    expect(stored.every((r) => r.userId === userId && r.createdAt instanceof Date)).toBe(true);
  });

  it('refuses the whole batch when one row is bad (the batcher then retries row by row)', async () => {
    const before = (await repo.usageOf(userId)).length;
    const good = {
      userId,
      provider: 'ollama',
      model: 'm',
      operation: 'chat',
      responseTimeMs: 1,
      success: true,
    };
    await expect(repo.logUsageRows([good, { ...good, userId: randomUUID() }])).rejects.toThrow();
    expect(await repo.usageOf(userId)).toHaveLength(before);
  });
});
