import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { AiStandins } from '../../../../test/ai-standins';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiLearningInteractions } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { learningServiceFor } from './learning-services';

/**
 * The learning API tests' app: the AI stand-ins with no keys (the Ollama stand-in is the only
 * provider, as for learning), a superadmin and an admin, and the learning tables emptied before each
 * test. Registers its hooks in the calling test file.
 */
export type Method = 'GET' | 'POST' | 'PUT';

export interface Seed {
  query?: string;
  response?: string;
  satisfaction?: number | null;
  time?: number | null;
  domain?: string;
  minutesAgo?: number;
  knowledge?: boolean;
}

export function learningTestApp() {
  const s = {} as { standins: AiStandins; t: TestApp; root: TestUser; admin: TestUser };
  beforeAll(async () => {
    s.standins = await AiStandins.start();
    s.t = await createTestApp({ ...s.standins.env(false), AI_CHAT_RATE_LIMIT_PER_MINUTE: '1000' });
    s.root = await createTestUser(s.t.app, { role: 'superadmin' });
    s.admin = await createTestUser(s.t.app, { role: 'admin' });
    learningServiceFor(s.t.app.ctx).analysePauseMs = 0;
  });
  afterAll(async () => {
    await s.t?.close();
    await s.standins?.close();
  });
  beforeEach(async () => {
    s.standins.reset();
    const db = s.t.app.ctx.database.db;
    for (const table of [
      'ai_learning_feedback',
      'ai_learning_cycles',
      'ai_learning_improvements',
      'ai_learning_derived_knowledge',
      'ai_learning_patterns',
      'ai_chat_feedback',
      'ai_learning_interactions',
      'ai_knowledge_base',
      'ai_learning_queue',
      'ai_learning_settings',
    ]) {
      await db.execute(sql`delete from ${sql.identifier(table)}`);
    }
    aiServicesFor(s.t.app.ctx).registry.clearCooldowns();
    await aiServicesFor(s.t.app.ctx).registry.checkAll();
  });

  const call = (who: TestUser | null, method: Method, url: string, payload?: object) =>
    s.t.app.inject({ method, url: `/api/ai/learning${url}`, headers: who?.headers ?? {}, payload });
  const data = async (who: TestUser, method: Method, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const cycle = () => data(s.root, 'POST', '/cycle').then((d) => d.cycle);
  /** Interactions written as the chat writes them, `minutesAgo` (default 5) in the past. */
  const interactions = async (rows: Seed[]) => {
    await s.t.app.ctx.database.db.insert(aiLearningInteractions).values(
      rows.map((r, i) => ({
        userQuery: r.query ?? `q${i}`,
        aiResponse: r.response ?? 'Short reply.',
        satisfactionScore: r.satisfaction ?? null,
        responseTime: r.time ?? null,
        domain: r.domain ?? 'general',
        knowledgeUsed: r.knowledge ? [{ id: 'k' }] : [],
        createdAt: new Date(Date.now() - (r.minutesAgo ?? 5) * 60_000 - i),
      })),
    );
  };
  const count = async (table: string, where = sql`true`) => {
    const r = await s.t.app.ctx.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
    );
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };
  /** The superadmin asks the chat, on the Ollama stand-in. */
  const chat = async (message: string) => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: s.root.headers,
      payload: { message, provider: 'ollama' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** What the stand-in was sent for one question of the superadmin's, as JSON. */
  const prompts = async (message: string) => {
    s.standins.ollama.reset();
    await chat(message);
    return JSON.stringify(s.standins.ollama.generations.map((g) => g.body));
  };
  return { s, call, data, cycle, interactions, count, chat, prompts };
}
