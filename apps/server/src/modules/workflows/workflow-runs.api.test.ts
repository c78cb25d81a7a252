import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpsStandin } from '../../../test/https-standin';
import {
  createSiblingApp,
  createTestApp,
  createTwoProcessApps,
  type TestApp,
  testDbKind,
} from '../../../test/test-app';
import { upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import type { App } from '../../app';
import { workflowRuns } from '../../db/schema/index';
import { workflowServicesFor } from './workflow-services';

let hook: HttpsStandin;
beforeAll(async () => {
  hook = await HttpsStandin.start();
});
afterAll(() => hook?.close());

const env = () => ({
  WORKFLOW_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${hook.port}`,
  WORKFLOW_WEBHOOK_CA_FILE: hook.caFile,
});
type Method = 'GET' | 'POST';
const call = (app: App, method: Method, url: string, who: TestUser, payload?: object) =>
  app.inject({ method, url, headers: who.headers, payload });

async function folder(app: App, who: TestUser, name: string): Promise<string> {
  const res = await call(app, 'POST', '/api/folders', who, { name });
  expect(res.statusCode).toBe(201);
  return res.json().folder.id;
}

async function put(
  app: App,
  who: TestUser,
  name: string,
  text: string,
  folderId: string | null,
  type = 'text/plain',
) {
  const res = await upload(
    app,
    who.headers,
    { data: Buffer.from(text), filename: name, contentType: type },
    {
      before: folderId ? [{ name: 'folderId', value: folderId }] : [],
    },
  );
  expect(res.statusCode).toBe(201);
  return res.json().file as { id: string; uploadDate: string };
}

async function createStarted(app: App, who: TestUser, body: object): Promise<string> {
  const res = await call(app, 'POST', '/api/workflows', who, body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  expect((await call(app, 'POST', `/api/workflows/${id}/start`, who)).json().data.status).toBe('running');
  return id;
}

/** The schedule's slot, moved into the past: due now. */
const makeDue = (app: App, id: string) =>
  app.ctx.database.db.execute(
    sql`update workflows set next_fire_at = date_trunc('milliseconds', now() - interval '1 second') where id = ${id}`,
  );

describe('scheduled workflows on two processes', () => {
  let a: TestApp;
  let b: App;
  let closeAll: () => Promise<void>;
  beforeAll(async () => {
    if (testDbKind === 'postgres') {
      // Two apps with their own pools on one schema: two API processes.
      const pair = await createTwoProcessApps(env());
      a = pair.a;
      b = pair.b.app;
      closeAll = pair.close;
    } else {
      a = await createTestApp(env());
      b = await createSiblingApp(a);
      closeAll = async () => {
        await b.close();
        await a.close();
      };
    }
  });
  afterAll(() => closeAll?.());

  it('fires a due schedule once however many processes ask, and executes it once', async () => {
    const user = await createTestUser(a.app);
    hook.received.length = 0;
    hook.status = 200;
    const id = await createStarted(a.app, user, {
      name: 'Every 5 minutes',
      trigger: { type: 'schedule', everyMinutes: 5 },
      steps: [{ type: 'webhook', url: hook.url('/tick') }],
    });
    await makeDue(a.app, id);
    const runsA = workflowServicesFor(a.app.ctx).runs;
    const runsB = workflowServicesFor(b.ctx).runs;
    const fired = await Promise.all([runsA.fireDue(), runsB.fireDue(), runsA.fireDue(), runsB.fireDue()]);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    const executed = await Promise.all([runsA.drain(), runsB.drain()]);
    expect(executed[0] + executed[1]).toBe(1);
    expect(hook.received).toHaveLength(1);

    const rows = await a.app.ctx.database.db
      .select()
      .from(workflowRuns)
      .where(sql`${workflowRuns.workflowId} = ${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success' });
    expect(rows[0]?.triggerKey).toMatch(/^schedule:/);
    // The schedule moved on: not due again, on either process.
    expect(await Promise.all([runsA.fireDue(), runsB.fireDue()])).toEqual([0, 0]);
    const next = await a.app.ctx.database.db.execute(
      sql`select next_fire_at > now() as later from workflows where id = ${id}`,
    );
    expect((next as unknown as { rows: { later: boolean }[] }).rows[0]?.later).toBe(true);

    // Paused: a due slot fires nothing.
    await call(a.app, 'POST', `/api/workflows/${id}/stop`, user);
    await makeDue(a.app, id);
    expect(await runsB.fireDue()).toBe(0);
  });

  it('takes over a run whose process died once its lease passed (durable across restarts)', async () => {
    const user = await createTestUser(a.app);
    hook.received.length = 0;
    hook.status = 200;
    const res = await call(a.app, 'POST', '/api/workflows', user, {
      name: 'Crash',
      steps: [{ type: 'webhook', url: hook.url('/crash') }],
    });
    const id = res.json().data.id as string;
    await call(a.app, 'POST', `/api/workflows/${id}/run`, user);
    // As a process that claimed it and died: running, its lease in the past.
    await a.app.ctx.database.db.execute(
      sql`update workflow_runs set status = 'running', lease_owner = 'dead-process', lease_until = now() - interval '1 second', started_at = now() where workflow_id = ${id}`,
    );
    expect(await workflowServicesFor(b.ctx).runs.drain()).toBe(1);
    const [run] = (await call(a.app, 'GET', `/api/workflows/${id}/history`, user)).json().data;
    expect(run.status).toBe('success');
    expect(hook.received).toHaveLength(1);
    // A live lease is left alone.
    await call(a.app, 'POST', `/api/workflows/${id}/run`, user);
    await a.app.ctx.database.db.execute(
      sql`update workflow_runs set status = 'running', lease_owner = 'busy-process', lease_until = now() + interval '1 minute', started_at = now() where workflow_id = ${id} and status = 'queued'`,
    );
    expect(await workflowServicesFor(a.app.ctx).runs.drain()).toBe(0);
  });

  it('a scheduled run renames, copies and summarises the new files of its folder and e-mails the owner', async () => {
    const app = a.app;
    const user = await createTestUser(app);
    const inbox = await folder(app, user, 'Scans');
    const archive = await folder(app, user, 'Archive');
    const reports = await folder(app, user, 'Reports');
    await put(app, user, 'one.txt', 'first file', inbox);
    await put(app, user, 'two.txt', 'second file body', inbox);
    await put(app, user, 'photo.png', 'not text', inbox, 'image/png');
    const id = await createStarted(app, user, {
      name: 'Nightly tidy',
      trigger: { type: 'schedule', everyMinutes: 60, folderId: inbox, fileType: 'text' },
      steps: [
        { type: 'rename', pattern: 'done-{name}' },
        { type: 'copy', folderId: archive },
        { type: 'tag', tags: ['tidy'] },
        { type: 'summarize', folderId: reports, noteName: 'Tidy report' },
        { type: 'email', subject: 'Tidy finished' },
      ],
    });
    await makeDue(app, id);
    const runs = workflowServicesFor(app.ctx).runs;
    expect(await runs.fireDue()).toBe(1);
    expect(await runs.drain()).toBe(1);

    const history = (await call(app, 'GET', `/api/workflows/${id}/history`, user)).json().data;
    expect(history[0].status, JSON.stringify(history[0])).toBe('success');
    const names = async (folderId: string) =>
      ((await call(app, 'GET', `/api/files?folderId=${folderId}`, user)).json().files as { name: string }[])
        .map((f) => f.name)
        .sort();
    expect(await names(inbox)).toEqual(['done-one.txt', 'done-two.txt', 'photo.png']);
    expect(await names(archive)).toEqual(['done-one.txt', 'done-two.txt']);
    expect(await names(reports)).toEqual(['Tidy report.txt']);
    const note = (
      (await call(app, 'GET', `/api/files?folderId=${reports}`, user)).json().files as {
        id: string;
        size: number;
      }[]
    )[0];
    const stored = await app.ctx.database.db.execute(
      sql`select b.storage_key from files f join blobs b on b.id = f.blob_id where f.id = ${note?.id}`,
    );
    const key = (stored as unknown as { rows: { storage_key: string }[] }).rows[0]?.storage_key as string;
    const chunks: Buffer[] = [];
    for await (const c of await app.ctx.storage.get(key)) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('Nightly tidy: 2 files');
    expect(text).toContain('- done-one.txt (10 bytes)');
    expect(text).toContain('- done-two.txt (16 bytes)');

    const mail = a.mailbox.sent.find((m) => m.to === user.user.email && m.subject === 'Tidy finished');
    expect(mail?.text).toContain('done-one.txt');
    expect(mail?.text).toContain('4. summarize: Wrote Tidy report.txt');
    // Copies and the note, written by the run, fired nothing and count against the owner's storage.
    const usage = await app.ctx.database.db.execute(
      sql`select count(*)::int as n from files where owner_id = ${user.user.id} and deleted_at is null`,
    );
    expect(Number((usage as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(6);

    // The next slot only looks at files newer than the last successful run: nothing new, nothing renamed.
    await makeDue(app, id);
    await runs.fireDue();
    await runs.drain();
    expect(await names(inbox)).toEqual(['done-one.txt', 'done-two.txt', 'photo.png']);
  });
});

describe('upload trigger latency', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Jobs on, as a server runs: the upload's commit kicks a drain in this process.
    t = await createTestApp({ ...env(), JOBS_ENABLED: 'true' });
  });
  afterAll(() => t?.close());

  it('starts a run for an upload right after its commit (figure printed)', async () => {
    const user = await createTestUser(t.app);
    const inbox = await folder(t.app, user, 'Inbox');
    const id = await createStarted(t.app, user, {
      name: 'Tag uploads',
      trigger: { type: 'upload', folderId: inbox, fileType: 'any' },
      steps: [{ type: 'tag', tags: ['new'] }],
    });
    const gaps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const file = await put(t.app, user, `f${i}.txt`, `file ${i}`, inbox);
      let run: { status: string; startTime: string | null } | undefined;
      for (let tries = 0; tries < 200; tries++) {
        run = (await call(t.app, 'GET', `/api/workflows/${id}/history?limit=1`, user)).json().data[0];
        if (run?.status === 'success') break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(run?.status).toBe('success');
      gaps.push(Date.parse(run?.startTime as string) - Date.parse(file.uploadDate));
    }
    // The figure of issue 18 (upload commit -> run start); reported, not asserted on.
    console.log(
      `workflow upload trigger: run started ${gaps.join(', ')} ms after the upload's commit (max ${Math.max(...gaps)} ms)`,
    );
    expect(gaps.every((g) => g >= 0)).toBe(true);
  });
});
