import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import { balanceAndSum, fund, makePrepaid } from '../../../../test/billing.fixture';
import { eventually } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { billingLedger, creditHolds } from '../../../db/schema/index';
import { aiServicesFor } from './ai-services';
import { promptTokenBound } from './call-payment';
import { callCost, creditMicros, maxCallMicros } from './cost';

const ctx = useStandinApp({ AI_REQUEST_TIMEOUT_MS: '10000' });
const t = () => ctx.t;
const standins = () => ctx.standins;
const ai = () => aiServicesFor(t().app.ctx);
const db = () => t().app.ctx.database.db;

beforeEach(async () => {
  standins().reset();
  ai().registry.clearCooldowns();
  await ai().registry.checkAll();
  standins().reset();
});

/** Only OpenAI (paid, on the platform's key) is up: no free provider to fall back to. */
async function onlyOpenAi() {
  for (const s of ['ollama', 'huggingface', 'anthropic', 'google'] as const)
    standins()[s].set({ health: 'fail' });
  await ai().registry.checkAll();
}

async function prepaid(credits: number): Promise<TestUser> {
  const u = await createTestUser(t().app);
  await makePrepaid(t().app, u.user.id);
  if (credits > 0) await fund(t().app, u.user.id, credits);
  return u;
}

const inject = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t().app.inject({ method, url, headers: who.headers, payload });
const account = async (who: TestUser) =>
  (await inject(who, 'GET', `/api/billing/credits/${who.user.id}`)).json();
const history = async (who: TestUser) =>
  (await inject(who, 'GET', `/api/billing/credits/history/${who.user.id}`)).json().transactions;
const holdsOf = (userId: string) => db().select().from(creditHolds).where(eq(creditHolds.userId, userId));
const deductions = async (userId: string) =>
  (await db().select().from(billingLedger).where(eq(billingLedger.userId, userId))).filter(
    (r) => r.kind === 'credit_deduction',
  );
const generations = () =>
  (['ollama', 'openai', 'anthropic', 'google', 'huggingface'] as const).reduce(
    (n, s) => n + standins()[s].generations.length,
    0,
  );

/** The balance equals the ledger's sum, nothing is held, and it is `credits`. */
async function expectExact(userId: string, credits: number) {
  const { balance, sum } = await balanceAndSum(t().app, userId);
  expect(balance).toBeCloseTo(sum, 9);
  expect(balance).toBeCloseTo(credits, 6);
  expect(await holdsOf(userId)).toEqual([]);
}

/** A gate the stand-in waits at, opened by the test. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((r) => {
    open = r;
  });
  return { closed, open };
}

describe('a prepaid balance that cannot cover a call', () => {
  it('a millionth of a credit buys nothing: 402 before any provider is called, for chat, streamed chat and analysis', async () => {
    await onlyOpenAi();
    const u = await prepaid(0.000001);
    for (const url of ['/api/ai/chat', '/api/ai/chat/stream']) {
      const res = await inject(u, 'POST', url, { message: 'Tell me something about gardens, please.' });
      expect(res.statusCode, url).toBe(402);
      expect(res.json().error).toMatchObject({
        code: 'INSUFFICIENT_CREDITS',
        message: expect.stringMatching(
          /^Insufficient credits: this AI request may cost up to [\d.]+ credits on OpenAI and your available balance is 0\.000001 credits\. No free AI provider could answer it/,
        ),
      });
    }
    await expect(
      ai().router.generate({
        userId: u.user.id,
        prompt: 'Analyse this file',
        provider: 'ollama',
        operation: 'analysis',
        json: true,
        maxTokens: 1200,
      }),
    ).rejects.toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(generations()).toBe(0);
    await expectExact(u.user.id, 0.000001);
  });

  it('falls back to the free local model when it is up, and charges nothing', async () => {
    const u = await prepaid(0.000001);
    const r = await ai().router.generate({
      userId: u.user.id,
      prompt: 'hi there',
      provider: 'openai',
      operation: 'chat',
    });
    expect(r.provider).toBe('ollama');
    expect(standins().openai.generations).toHaveLength(0);
    await expectExact(u.user.id, 0.000001);
  });
});

describe('a chat whose canned reply cannot be retried for lack of credits', () => {
  it('answers with the fallback, as when its retries run out, charging only the call made', async () => {
    await onlyOpenAi();
    const message = 'Say hello in several words';
    const probe = await prepaid(0.000001);
    const estimate = Math.round(
      (await inject(probe, 'POST', '/api/ai/chat', { message })).json().error.details.estimatedCredits * 1e6,
    );
    // Enough for one call's most, not two.
    const u = await prepaid((estimate + 10) / 1e6);
    standins().openai.set({
      text: "As an AI language model, I can't help with that.",
      promptTokens: 10,
      completionTokens: 10,
    });
    const res = await inject(u, 'POST', '/api/ai/chat', { message });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ forced: true, attempts: 1, quality: { category: 'forced' } });
    expect(standins().openai.generations).toHaveLength(1);
    expect(await deductions(u.user.id)).toHaveLength(1);
    const { balance, sum } = await balanceAndSum(t().app, u.user.id);
    expect(balance).toBeCloseTo(sum, 9);
  });
});

describe('credits held during a call', () => {
  it('holds the most a call may cost, shows it as reserved, then charges the real cost', async () => {
    await onlyOpenAi();
    const u = await prepaid(10);
    standins().openai.set({ promptTokens: 1000, completionTokens: 500 });
    const prompt = 'Explain how a garden is prepared for winter.';
    const estimate = maxCallMicros('openai', 'gpt-4', promptTokenBound({ prompt }), 300) / 1e6;
    const g = gate();
    standins().openai.set({ gate: g.closed });
    const call = ai().router.generate({
      userId: u.user.id,
      prompt,
      model: 'gpt-4',
      maxTokens: 300,
      operation: 'chat',
    });
    await eventually(async () => expect(standins().openai.generations).toHaveLength(1));

    // In flight: held, not yet charged.
    expect(await account(u)).toMatchObject({ balance: 10, reserved: estimate, available: 10 - estimate });
    const [pending] = await history(u);
    expect(pending).toMatchObject({
      type: 'reservation',
      amount: -estimate,
      balanceAfter: null,
      metadata: expect.objectContaining({ status: 'pending', provider: 'openai', model: 'gpt-4' }),
    });

    g.open();
    const r = await call;
    expect(r.cost).toBeCloseTo(0.045, 9);
    await expectExact(u.user.id, 10 - 0.045);
    expect(await account(u)).toMatchObject({ balance: 9.955, reserved: 0, available: 9.955 });
    const [charged] = await history(u);
    expect(charged).toMatchObject({
      type: 'deduction',
      amount: -0.045,
      balanceAfter: 9.955,
      description: 'AI query (openai gpt-4)',
      metadata: expect.objectContaining({ heldCredits: estimate, callId: expect.any(String) }),
    });
  });

  it('gives the hold back when the provider fails', async () => {
    await onlyOpenAi();
    const u = await prepaid(5);
    standins().openai.set({ chat: 'fail' });
    await expect(
      ai().router.generate({ userId: u.user.id, prompt: 'hello', operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 503,
    });
    ai().registry.clearCooldowns();
    const s = await ai()
      .router.stream({ userId: u.user.id, prompt: 'hello', operation: 'chat' })
      .catch((e) => e);
    expect(s).toMatchObject({ statusCode: 503 });
    expect(standins().openai.generations.length).toBeGreaterThanOrEqual(2);
    await expectExact(u.user.id, 5);
    expect(await deductions(u.user.id)).toEqual([]);
  });

  it('a streamed reply is held and settled; one its reader left early is charged for what was sent', async () => {
    await onlyOpenAi();
    const u = await prepaid(5);
    standins().openai.set({ promptTokens: 100, completionTokens: 50 });
    const whole = await ai().router.stream({
      userId: u.user.id,
      prompt: 'hello',
      model: 'gpt-4',
      operation: 'chat',
    });
    for await (const _ of whole.textStream);
    expect((await whole.result).cost).toBeCloseTo(callCost('openai', 'gpt-4', 100, 50), 9);
    await expectExact(u.user.id, 5 - creditMicros(callCost('openai', 'gpt-4', 100, 50)) / 1e6);

    standins().openai.set({ chunkDelayMs: 50 });
    const left = await ai().router.stream({
      userId: u.user.id,
      prompt: 'hello',
      model: 'gpt-4',
      operation: 'chat',
    });
    for await (const _ of left.textStream) break;
    const r = await left.result;
    // No usage came from the provider: what went out is estimated, never free.
    expect(r.usage.completionTokens).toBeGreaterThan(0);
    expect(r.cost).toBeGreaterThan(0);
    expect(await deductions(u.user.id)).toHaveLength(2);
    const { balance, sum } = await balanceAndSum(t().app, u.user.id);
    expect(balance).toBeCloseTo(sum, 9);
    expect(await holdsOf(u.user.id)).toEqual([]);
  });

  it('a call that cost more than was held leaves a debt the balance shows; the ledger stays exact and the next purchase pays it', async () => {
    await onlyOpenAi();
    const u = await prepaid(1);
    // The provider reports far more tokens than the prompt can have: the real cost wins.
    standins().openai.set({ promptTokens: 40_000, completionTokens: 1000 });
    const r = await ai().router.generate({
      userId: u.user.id,
      prompt: 'hi',
      model: 'gpt-4',
      maxTokens: 1000,
      operation: 'chat',
    });
    const cost = creditMicros(r.cost) / 1e6;
    expect(cost).toBeGreaterThan(1);
    await expectExact(u.user.id, 1 - cost);
    expect((await account(u)).available).toBeCloseTo(1 - cost, 6);
    // In debt: nothing more can be held.
    await expect(
      ai().router.generate({ userId: u.user.id, prompt: 'hi', operation: 'chat' }),
    ).rejects.toMatchObject({
      statusCode: 402,
    });
    await fund(t().app, u.user.id, 5);
    await expectExact(u.user.id, 6 - cost);
  });
});

describe('concurrent calls', () => {
  it('20 concurrent chats on a balance that covers 3: exactly 3 reach the provider, 17 get 402, the ledger is exact', async () => {
    await onlyOpenAi();
    // A message the stand-in's reply answers (no quality retry).
    const message = 'Say hello in several words';
    // What one such chat may cost at most, as the 402 of an empty account tells.
    const probe = await prepaid(0.000001);
    const refused = await inject(probe, 'POST', '/api/ai/chat', { message });
    expect(refused.statusCode).toBe(402);
    const estimate = Math.round(refused.json().error.details.estimatedCredits * 1e6);
    const start = (4 * estimate - 1) / 1e6;
    const u = await prepaid(start);
    standins().openai.set({ promptTokens: 300, completionTokens: 200 });

    const g = gate();
    standins().openai.set({ gate: g.closed });
    const settled: { statusCode: number; code?: string }[] = [];
    const calls = Array.from({ length: 20 }, (_, i) =>
      inject(u, 'POST', i % 2 ? '/api/ai/chat' : '/api/ai/chat/stream', { message }).then((res) => {
        const code = res.headers['content-type']?.toString().includes('json')
          ? res.json().error?.code
          : undefined;
        settled.push({ statusCode: res.statusCode, code });
        return res;
      }),
    );
    // Every call has been decided before any provider answers.
    await eventually(async () => {
      expect(standins().openai.generations).toHaveLength(3);
      expect(settled.filter((s) => s.statusCode === 402)).toHaveLength(17);
    }, 20_000);
    expect(settled.every((s) => s.code === 'INSUFFICIENT_CREDITS')).toBe(true);
    expect(await account(u)).toMatchObject({ reserved: (3 * estimate) / 1e6 });
    g.open();
    const replies = await Promise.all(calls);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(standins().openai.generations).toHaveLength(3);
    const charged = await deductions(u.user.id);
    expect(charged).toHaveLength(3);
    const spent = charged.reduce((n, r) => n - r.creditsMicros, 0) / 1e6;
    await expectExact(u.user.id, start - spent);
  }, 60_000);

  it('20 concurrent router calls across generate and stream on PGlite and PostgreSQL alike never overdraw', async () => {
    await onlyOpenAi();
    const prompt = 'Summarise the history of tea in one paragraph.';
    const estimate = maxCallMicros('openai', 'gpt-3.5-turbo', promptTokenBound({ prompt }), 1000);
    const u = await prepaid((3 * estimate) / 1e6);
    // The real cost equals the estimate: the three that are held use the whole balance.
    standins().openai.set({ promptTokens: promptTokenBound({ prompt }), completionTokens: 1000 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        try {
          if (i % 2) {
            await ai().router.generate({ userId: u.user.id, prompt, operation: 'chat' });
          } else {
            const s = await ai().router.stream({ userId: u.user.id, prompt, operation: 'chat' });
            for await (const _ of s.textStream);
            await s.result;
          }
          return 'ok';
        } catch (err) {
          return (err as { code?: string }).code ?? String(err);
        }
      }),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_CREDITS')).toHaveLength(17);
    expect(standins().openai.generations).toHaveLength(3);
    await expectExact(u.user.id, 0);
  }, 60_000);
});
