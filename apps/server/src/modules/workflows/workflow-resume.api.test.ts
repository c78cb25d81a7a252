import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpsStandin } from '../../../test/https-standin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import type { App } from '../../app';
import { outbox } from '../../db/schema/index';
import { SmtpMailer } from '../../mail/mailer';
import { WorkflowRunsService } from './workflow-runs.service';
import { workflowServicesFor } from './workflow-services';
import type { StepDeps } from './workflow-steps.runner';
import { WorkflowsRepository } from './workflows.repository';

let hook: HttpsStandin;
let t: TestApp;
beforeAll(async () => {
  hook = await HttpsStandin.start();
  t = await createTestApp({
    WORKFLOW_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${hook.port}`,
    WORKFLOW_WEBHOOK_CA_FILE: hook.caFile,
  });
});
afterAll(async () => {
  await t?.close();
  hook?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (app: App, method: Method, url: string, who: TestUser, payload?: object) =>
  app.inject({ method, url, headers: who.headers, payload });
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function create(who: TestUser, body: object): Promise<string> {
  const res = await call(t.app, 'POST', '/api/workflows', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function runNow(who: TestUser, id: string): Promise<string> {
  const res = await call(t.app, 'POST', `/api/workflows/${id}/run`, who);
  expect(res.statusCode).toBe(202);
  return res.json().data.id as string;
}

const history = async (who: TestUser, id: string) =>
  (await call(t.app, 'GET', `/api/workflows/${id}/history`, who)).json().data as {
    id: string;
    status: string;
    trigger: string;
    steps: { index: number; status: string; message: string }[];
  }[];

/**
 * A second process that claims the run and dies inside an external step: the side effect happened
 * (the mail went out, the receiver got the webhook) but the process never records it. `release`
 * lets the stuck call return once the run was taken over; its late writes must change nothing.
 */
function doomedWorker(app: App, dieIn: 'mail' | 'webhook') {
  const real = workflowServicesFor(app.ctx).steps;
  let reached!: () => void;
  const died = new Promise<void>((r) => {
    reached = r;
  });
  let release!: () => void;
  const stuck = new Promise<void>((r) => {
    release = r;
  });
  let webhooks = 0;
  const hangAfter = async <T>(work: Promise<T>): Promise<T> => {
    const out = await work;
    reached();
    await stuck;
    return out;
  };
  const steps: StepDeps = {
    ...real,
    mail: { send: (...a) => (dieIn === 'mail' ? hangAfter(real.mail.send(...a)) : real.mail.send(...a)) },
    // Dies in its second webhook call.
    webhook: (...a) =>
      dieIn === 'webhook' && ++webhooks === 2 ? hangAfter(real.webhook(...a)) : real.webhook(...a),
  };
  const worker = new WorkflowRunsService({
    repo: new WorkflowsRepository(app.ctx.database.db),
    steps,
    files: workflowServicesFor(app.ctx).files,
    workerId: 'doomed-process',
    log: { error: () => {} },
  });
  return { drain: worker.drain(), died, release };
}

/** The lease of the dead process runs out. */
const expireLease = (runId: string) =>
  t.app.ctx.database.db.execute(
    sql`update workflow_runs set lease_until = now() - interval '1 second' where id = ${runId}`,
  );

const deliveries = () => hook.received.map((h) => h.headers['x-stratos-delivery']);

describe('a run taken over after its process died', () => {
  it('resumes after the last completed step; the webhook in flight goes again with the same delivery id', async () => {
    const user = await createTestUser(t.app);
    hook.received.length = 0;
    hook.status = 200;
    const id = await create(user, {
      name: 'Report out',
      steps: [
        { type: 'webhook', url: hook.url('/first') },
        { type: 'email', subject: 'Report out ran' },
        { type: 'webhook', url: hook.url('/second') },
      ],
    });
    const runId = await runNow(user, id);
    const doomed = doomedWorker(t.app, 'webhook');
    await doomed.died;
    expect(deliveries()).toEqual([`${runId}:0`, `${runId}:2`]);
    const [mid] = await history(user, id);
    expect(mid?.steps.map((s) => s.status)).toEqual(['success', 'success', 'started']);

    // Edited while the run is in flight: the run goes on with the steps it started with.
    const put = await call(t.app, 'PUT', `/api/workflows/${id}`, user, {
      name: 'Report out',
      steps: [{ type: 'tag', tags: ['edited'] }],
    });
    expect(put.statusCode).toBe(200);

    await expireLease(runId);
    expect(await workflowServicesFor(t.app.ctx).runs.drain()).toBe(1);
    doomed.release();
    await doomed.drain;

    // Step 1 and 2 were not repeated; step 3's outcome was unknown: sent again under the same id.
    expect(deliveries()).toEqual([`${runId}:0`, `${runId}:2`, `${runId}:2`]);
    const second = hook.received.filter((h) => h.headers['x-stratos-delivery'] === `${runId}:2`);
    expect(JSON.parse(second[1]?.body ?? '{}').delivery).toBe(`${runId}:2`);
    const mails = t.mailbox.sent.filter((m) => m.to === user.user.email && m.subject === 'Report out ran');
    expect(mails).toHaveLength(1);
    const [run] = await history(user, id);
    expect(run?.status).toBe('success');
    expect(run?.steps.map((s) => s.status)).toEqual(['success', 'success', 'success']);
    expect(run?.steps[2]?.message).toMatch(/resumed: sent again with the same X-Stratos-Delivery id/);

    // The edit takes effect on the next run.
    await runNow(user, id);
    await workflowServicesFor(t.app.ctx).runs.drain();
    const [next] = await history(user, id);
    expect(next?.steps.map((s) => s.message)).toEqual(['No files to act on']);
    expect(deliveries()).toHaveLength(3);
  });

  it('a mail whose send was in flight is not sent twice: the outbox drops its dedupe key', async () => {
    const user = await createTestUser(t.app);
    hook.received.length = 0;
    const id = await create(user, {
      name: 'Mail me',
      steps: [
        { type: 'webhook', url: hook.url('/before') },
        { type: 'email', subject: 'Mail me ran' },
      ],
    });
    const runId = await runNow(user, id);
    const doomed = doomedWorker(t.app, 'mail');
    await doomed.died;
    await expireLease(runId);
    expect(await workflowServicesFor(t.app.ctx).runs.drain()).toBe(1);
    doomed.release();
    await doomed.drain;

    expect(deliveries()).toEqual([`${runId}:0`]);
    // Both processes asked to send under one key; one mail exists.
    const asked = t.mailbox.sent.filter((m) => m.subject === 'Mail me ran');
    expect(asked.map((m) => m.dedupeKey)).toEqual([`workflow:${runId}:1`, `workflow:${runId}:1`]);
    const stored = await t.app.ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} = 'Mail me ran'`);
    expect(stored).toHaveLength(1);
    const [run] = await history(user, id);
    expect(run?.status).toBe('success');
    expect(run?.steps[1]?.message).toMatch(/resumed: the mail carries the same dedupe key/);
  });

  it('SMTP: a keyed mail claims its outbox row first, sends once, and gives the key back when sending fails', async () => {
    const sendMail = vi.fn().mockRejectedValueOnce(new Error('421 try later')).mockResolvedValue({});
    const smtp = new SmtpMailer(
      { sendMail } as unknown as Transporter,
      'stratos@test',
      t.app.ctx.database.db,
    );
    const mail = {
      to: 'x@stratos.test',
      subject: 'Keyed',
      text: 'hi',
      kind: 'workflow_summary',
      dedupeKey: `k-${Date.now()}`,
    };
    await expect(smtp.send(mail)).rejects.toThrow('421');
    await smtp.send(mail);
    await smtp.send(mail);
    expect(sendMail).toHaveBeenCalledTimes(2);
    const stored = await t.app.ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.dedupeKey} = ${mail.dedupeKey}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.sentAt).not.toBeNull();
  });
});

async function folder(who: TestUser, name: string): Promise<string> {
  const res = await call(t.app, 'POST', '/api/folders', who, { name });
  expect(res.statusCode).toBe(201);
  return res.json().folder.id;
}

async function putFile(who: TestUser, name: string, type: string, folderId: string | null) {
  const res = await upload(
    t.app,
    who.headers,
    { data: Buffer.from(`content of ${name}`), filename: name, contentType: type },
    { before: folderId ? [{ name: 'folderId', value: folderId }] : [] },
  );
  expect(res.statusCode).toBe(201);
}

describe('manual trigger with a folder', () => {
  it("Run now acts on the folder's newest files of its type; without a folder, on none", async () => {
    const user = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const inbox = await folder(user, 'Inbox');
    await putFile(user, 'a.pdf', 'application/pdf', inbox);
    await putFile(user, 'b.txt', 'text/plain', inbox);
    await putFile(user, 'c.pdf', 'application/pdf', inbox);
    await putFile(user, 'root.pdf', 'application/pdf', null);
    const body = {
      name: 'Tag PDFs by hand',
      trigger: { type: 'manual', folderId: inbox, fileType: 'pdf' },
      steps: [{ type: 'tag', tags: ['by-hand'] }],
    };
    // Another user's folder is not found.
    const refused = await call(t.app, 'POST', '/api/workflows', other, body);
    expect(refused.statusCode).toBe(404);
    const id = await create(user, body);
    // The owner's open pages hear of the run (started, settled) on the live events stream.
    const heard: string[] = [];
    const unsubscribe = t.app.ctx.events.subscribe(user.user.id, (e) => heard.push(e.type));
    const got = (await call(t.app, 'GET', `/api/workflows/${id}`, user)).json().data;
    expect(got.trigger).toEqual({ type: 'manual', folderId: inbox, fileType: 'pdf' });
    await runNow(user, id);
    await workflowServicesFor(t.app.ctx).runs.drain();
    const [run] = await history(user, id);
    expect(run?.status).toBe('success');
    expect(run?.steps[0]?.message).toBe('Tagged 2 files with by-hand (2 new)');
    await expect.poll(() => heard.filter((e) => e === 'workflows.changed').length).toBe(2);
    unsubscribe();

    // The root as the folder: the one PDF there.
    const atRoot = await create(user, {
      ...body,
      trigger: { type: 'manual', folderId: null, fileType: 'pdf' },
    });
    await runNow(user, atRoot);
    await workflowServicesFor(t.app.ctx).runs.drain();
    expect((await history(user, atRoot))[0]?.steps[0]?.message).toBe('Tagged 1 file with by-hand (1 new)');

    const bare = await create(user, { ...body, trigger: { type: 'manual' } });
    await runNow(user, bare);
    await workflowServicesFor(t.app.ctx).runs.drain();
    expect((await history(user, bare))[0]?.steps[0]?.message).toBe('No files to act on');
  });
});

describe('history retention', () => {
  it('prunes finished runs beyond the newest 200 of a workflow that are older than 90 days', async () => {
    const user = await createTestUser(t.app);
    const busy = await create(user, { name: 'Busy' });
    const young = await create(user, { name: 'Young' });
    const db = t.app.ctx.database.db;
    const owner = user.user.id;
    const insert = (wf: string, n: number, status: string, ageSql: string, tag: string) =>
      db.execute(sql`
        insert into workflow_runs (workflow_id, owner_id, trigger_key, status, queued_at, started_at, finished_at, duration_ms)
        select ${wf}, ${owner}, ${tag} || ':' || g, ${status}, q, q, q, 5
        from (select g, now() - ${sql.raw(`interval '${ageSql}'`)} - g * interval '1 minute' as q
              from generate_series(1, ${n}) g) s
      `);
    await insert(busy, 5, 'success', '1 day', 'recent');
    await insert(busy, 150, 'success', '100 days', 'old-ok');
    await insert(busy, 60, 'error', '120 days', 'old-failed');
    await insert(busy, 3, 'queued', '200 days', 'old-queued');
    await insert(young, 250, 'success', '10 days', 'young');

    const { workflowRetentionJob } = await import('./workflow-retention.job');
    const job = workflowRetentionJob(t.app.ctx);
    const progress: string[] = [];
    await job.handler(job.defaultPayload, {
      progress: async (m) => {
        progress.push(m);
      },
      signal: new AbortController().signal,
    });
    // busy: 218 runs; ranks 201-215 are old and finished (15 go); the 3 old queued ones stay.
    expect(progress).toEqual(['pruned 15 runs']);
    const count = async (wf: string) =>
      Number(
        rows<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from workflow_runs where workflow_id = ${wf}`),
        )[0]?.n,
      );
    expect(await count(busy)).toBe(203);
    expect(await count(young)).toBe(250);
    const w = (await call(t.app, 'GET', `/api/workflows/${busy}`, user)).json().data;
    expect(w.runs).toBe(203);
    expect(w.activeRuns).toBe(3);
    // The rate is over the retained finished runs: 155 successes of 200.
    expect(w.success_rate).toBe(77.5);
  });
});
