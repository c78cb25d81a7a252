import type { ExchangeRows } from '../src/modules/ai/chat/chat-exchanges.repository';

let stamp = Date.now();

/**
 * An exchange as the chat service stores it: the question arrived 250 ms before it was asked, the
 * reply came 1 ms later, and two calls' usage rows (30 and 12 tokens) go with it. Each call's
 * times come after the previous call's, so exchanges sort in the order they were made.
 */
export function exchangeRows(
  userId: string,
  question: string,
  extra: Partial<ExchangeRows['reply']> = {},
): ExchangeRows {
  const receivedAt = new Date(++stamp);
  stamp += 250;
  const call = (tokensUsed: number) => ({
    userId,
    provider: 'ollama',
    model: 'llama3.2',
    operation: 'chat',
    tokensUsed,
    responseTimeMs: 5,
    success: true,
  });
  return {
    question,
    receivedAt,
    askedAt: new Date(++stamp),
    reply: {
      content: `reply to ${question}`,
      model: 'llama3.2',
      provider: 'ollama',
      quality: { score: 0.9, category: 'excellent', issues: [] },
      attempt: 1,
      metadata: {},
      ...extra,
    },
    answeredAt: new Date(++stamp),
    usage: [call(30), call(12)] as never,
  };
}
