import { ASSISTANT_MESSAGES } from '@stratos/contracts/ai/assistant.schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import type { AiStandins } from '../../../../test/ai-standins';
import { storeFile } from '../../../../test/files.fixture';
import type { TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiAssistantActions, fileTags } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { assistantServiceFor } from './assistant-services';

const ctx = useStandinApp();
let standins: AiStandins;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let notes: string;

const db = () => t.app.ctx.database.db;
const post = (url: string, who: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
const actions = async (who: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/ai/assistant/actions', headers: who.headers })).json().data
    .actions as Array<{ id: string; status: string; error: string | null; kind: string; tags: string[] }>;
const propose = async (payload: object) => {
  const res = await post('/api/ai/assistant/actions', alice, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.action as { id: string };
};
/** What a process that died mid-action leaves: a running row nobody renews. */
const abandon = (id: string, lease: ReturnType<typeof sql> | null) =>
  db()
    .update(aiAssistantActions)
    .set({ status: 'running', decidedAt: sql`now() - interval '2 hours'`, leaseUntil: lease })
    .where(eq(aiAssistantActions.id, id));

beforeAll(async () => {
  ({ standins, t } = ctx);
  alice = await createTestUser(t.app);
  bob = await createTestUser(t.app);
  notes = (
    await storeFile(t.app, {
      ownerId: alice.user.id,
      name: 'notes.txt',
      data: 'Ship the release on Friday.',
      mimeType: 'text/plain',
    })
  ).id;
});

beforeEach(async () => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  await db().delete(aiAssistantActions);
  await db().delete(fileTags);
});

describe('recovering actions whose process died mid-action', () => {
  it('the sweep fails a running action whose lease passed, with the reason the page shows; retry proposes it again', async () => {
    const action = await propose({ kind: 'tag', fileIds: [notes], tags: ['release'] });
    await abandon(action.id, sql`now() - interval '1 second'`);
    expect((await actions(alice))[0]).toMatchObject({ id: action.id, status: 'running' });

    expect(await assistantServiceFor(t.app.ctx).sweepInterrupted()).toBe(1);
    expect((await actions(alice))[0]).toMatchObject({
      id: action.id,
      status: 'failed',
      error: ASSISTANT_MESSAGES.interrupted,
    });
    // Swept once: a second sweep finds nothing.
    expect(await assistantServiceFor(t.app.ctx).sweepInterrupted()).toBe(0);

    // Another user cannot retry it; retry proposes it again and nothing runs until confirmed.
    expect((await post(`/api/ai/assistant/actions/${action.id}/retry`, bob)).statusCode).toBe(404);
    const retried = await post(`/api/ai/assistant/actions/${action.id}/retry`, alice);
    expect(retried.statusCode, retried.body).toBe(201);
    const again = retried.json().data.action;
    expect(again).toMatchObject({ kind: 'tag', status: 'proposed', tags: ['release'], error: null });
    expect(again.id).not.toBe(action.id);
    expect(await db().select().from(fileTags)).toEqual([]);
    const done = await post(`/api/ai/assistant/actions/${again.id}/confirm`, alice, { confirm: true });
    expect(done.json().data.action).toMatchObject({ status: 'done' });
    expect((await db().select({ tag: fileTags.tag }).from(fileTags)).map((r) => r.tag)).toEqual(['release']);

    // Only a failed action can be retried.
    const notFailed = await post(`/api/ai/assistant/actions/${again.id}/retry`, alice);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().error.message).toBe(ASSISTANT_MESSAGES.notRetryable);
  });

  it('a running row without a lease counts as gone after an hour', async () => {
    const action = await propose({ kind: 'tag', fileIds: [notes], tags: ['x'] });
    await abandon(action.id, null);
    expect(await assistantServiceFor(t.app.ctx).sweepInterrupted()).toBe(1);
    expect((await actions(alice))[0]).toMatchObject({
      status: 'failed',
      error: ASSISTANT_MESSAGES.interrupted,
    });
  });

  it('leaves an action that is really running alone: its process holds a live lease', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    for (const s of Object.values(standins.all)) s.set({ gate, text: 'Summary: release on Friday.' });
    const action = await propose({ kind: 'summarize', fileIds: [notes] });
    const confirming = post(`/api/ai/assistant/actions/${action.id}/confirm`, alice, { confirm: true });
    await vi.waitFor(async () => expect((await actions(alice))[0]?.status).toBe('running'));
    const [row] = await db()
      .select({ live: sql<boolean>`${aiAssistantActions.leaseUntil} > now()` })
      .from(aiAssistantActions)
      .where(eq(aiAssistantActions.id, action.id));
    expect(row?.live).toBe(true);
    expect(await assistantServiceFor(t.app.ctx).sweepInterrupted()).toBe(0);
    open();
    expect((await confirming).json().data.action).toMatchObject({ status: 'done', error: null });
  });

  it('retrying refuses files that are gone: 404, nothing proposed', async () => {
    const other = (
      await storeFile(t.app, { ownerId: alice.user.id, name: 'gone.txt', data: 'x', mimeType: 'text/plain' })
    ).id;
    const action = await propose({ kind: 'tag', fileIds: [other], tags: ['x'] });
    await abandon(action.id, sql`now() - interval '1 second'`);
    await assistantServiceFor(t.app.ctx).sweepInterrupted();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/files/${other}`, headers: alice.headers }))
        .statusCode,
    ).toBeLessThan(300);
    expect((await post(`/api/ai/assistant/actions/${action.id}/retry`, alice)).statusCode).toBe(404);
    expect(await actions(alice)).toHaveLength(1);
  });
});
