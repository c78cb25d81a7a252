import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRows } from '../../../../test/chat-exchange.fixture';
import { plansOf } from '../../../../test/prepared-plans';
import { openTestDatabase } from '../../../../test/test-app';
import { insertTestUser } from '../../../../test/users.fixture';
import type { Database } from '../../../db/client';
import { ChatExchangeRepository } from './chat-exchanges.repository';

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

  /** Plans made so far for the prepared statement whose text names `cte`. */
  const plans = (cte: string) => plansOf(database.db, `"${cte}" as (`);

  it('are planned once and then run on their generic plan', async () => {
    const user = await insertTestUser(database.db);
    const repo = new ChatExchangeRepository(database.db);
    const conversation = { id: randomUUID(), userId: user.id, title: 'first' };
    await repo.startConversation(conversation, exchangeRows(user.id, 'first'));
    for (let n = 0; n < 10; n++) {
      await repo.startConversation(
        { id: randomUUID(), userId: user.id, title: `c${n}` },
        exchangeRows(user.id, `c${n}`),
      );
      await repo.saveExchange(conversation, exchangeRows(user.id, `q${n}`), 20);
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
