import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOf } from '../../../../test/prepared-plans';
import { openTestDatabase } from '../../../../test/test-app';
import type { Database } from '../../../db/client';
import { UsersRepository } from '../../users/users.repository';
import { ChatExchangeRepository, type ExchangeRows } from './chat-exchanges.repository';

/**
 * Every chat reply runs one of these statements. PostgreSQL (and PGlite) plans a prepared
 * statement anew at each execution unless, after five custom plans, its generic plan looks no
 * dearer; when the exchange statement lost that comparison, its planning cost more than its
 * execution (0.4 ms against 0.34 on PostgreSQL). Both engines: a named statement's counts are
 * read from pg_prepared_statements of the session that ran it (on PostgreSQL the pool hands
 * sequential queries the same idle connection).
 */
describe('chat exchange statements', () => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  let stamp = Date.now();
  const exchange = (question: string, userId: string): ExchangeRows => ({
    question,
    askedAt: new Date(++stamp),
    reply: {
      content: `reply to ${question}`,
      model: 'llama3.2',
      provider: 'ollama',
      quality: { score: 0.9, category: 'excellent', issues: [], flags: {} } as never,
      attempt: 1,
      metadata: { temperature: 0.5, sources: [] },
    },
    answeredAt: new Date(++stamp),
    usage: [
      {
        userId,
        provider: 'ollama',
        model: 'llama3.2',
        operation: 'chat',
        promptTokens: 10,
        completionTokens: 5,
        tokensUsed: 15,
        cost: 0,
        responseTimeMs: 12,
        success: true,
      },
    ],
  });

  /** Plans made so far for the prepared statement whose text names `cte`. */
  const plans = (cte: string) => plansOf(database.db, `"${cte}" as (`);

  it('are planned once and then run on their generic plan', async () => {
    const user = await new UsersRepository(database.db).insert({
      email: `plans-${randomUUID().slice(0, 8)}@example.test`,
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'active',
    });
    const repo = new ChatExchangeRepository(database.db);
    const conversation = { id: randomUUID(), userId: user.id, title: 'first' };
    await repo.startConversation(conversation, exchange('first', user.id));
    for (let n = 0; n < 10; n++) {
      await repo.startConversation(
        { id: randomUUID(), userId: user.id, title: `c${n}` },
        exchange(`c${n}`, user.id),
      );
      await repo.saveExchange(conversation, exchange(`q${n}`, user.id), 20);
    }
    const started = await plans('chat_new_conversation');
    const saved = await plans('chat_bumped');
    // Five custom plans at most, each later execution on the generic one.
    expect(started.custom).toBeLessThanOrEqual(5);
    expect(started.generic).toBeGreaterThanOrEqual(4);
    expect(saved.custom).toBeLessThanOrEqual(5);
    expect(saved.generic).toBeGreaterThanOrEqual(4);
  });
});
