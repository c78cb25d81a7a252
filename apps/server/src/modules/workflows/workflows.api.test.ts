import { WORKFLOW_MESSAGES } from '@stratos/contracts/workflows/workflow.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../test/documents.fixture';
import { HttpsStandin } from '../../../test/https-standin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { upload } from '../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../test/users.fixture';
import { FileTagsService } from '../files/file-tags.service';
import { signWebhook } from './webhook.sender';
import { workflowServicesFor } from './workflow-services';

let t: TestApp;
let hook: HttpsStandin;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  hook = await HttpsStandin.start();
  t = await createTestApp({
    WORKFLOW_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${hook.port}`,
    WORKFLOW_WEBHOOK_CA_FILE: hook.caFile,
  });
  alice = await createTestUser(t.app);
  bob = await createTestUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await hook?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers, payload });
const drain = () => workflowServicesFor(t.app.ctx).runs.drain();

async function folder(who: TestUser, name: string): Promise<string> {
  const res = await call('POST', '/api/folders', who, { name });
  expect(res.statusCode).toBe(201);
  return res.json().folder.id;
}

async function create(who: TestUser, body: object) {
  const res = await call('POST', '/api/workflows', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; status: string; signingSecret: string };
}

const history = async (who: TestUser, id: string) => {
  const res = await call('GET', `/api/workflows/${id}/history`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    success: boolean;
    status: string;
    duration: number | null;
    startTime: string | null;
    error: string | null;
    steps: { type: string; status: string; message: string; durationMs: number }[];
    trigger: string;
  }[];
};

const listed = async (who: TestUser) => {
  const res = await call('GET', '/api/workflows', who);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: string;
    status: string;
    success_rate: number | null;
    lastRun: string | null;
    runs: number;
  }[];
};

describe('workflows API', () => {
  it('refuses the signed-out (401), bad input (400) and other users (404)', async () => {
    expect((await call('GET', '/api/workflows')).statusCode).toBe(401);
    expect((await call('POST', '/api/workflows', undefined, { name: 'x' })).statusCode).toBe(401);

    const blank = await call('POST', '/api/workflows', alice, { name: '   ', description: 'd' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(WORKFLOW_MESSAGES.nameRequired);
    const missing = await call('POST', '/api/workflows', alice, { description: 'd' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(WORKFLOW_MESSAGES.nameRequired);

    for (const [steps, trigger] of [
      [[{ type: 'webhook', url: 'http://example.com/hook' }], { type: 'manual' }],
      [[{ type: 'tag', tags: [] }], { type: 'manual' }],
      [[{ type: 'rename', pattern: 'fixed.txt' }], { type: 'manual' }],
      [[{ type: 'explode' }], { type: 'manual' }],
      [[], { type: 'schedule', everyMinutes: 1 }],
      [[], { type: 'upload', fileType: 'video' }],
    ] as const) {
      const res = await call('POST', '/api/workflows', alice, { name: 'Bad', steps, trigger });
      expect(res.statusCode, JSON.stringify(steps)).toBe(400);
    }
    // A folder that is not the user's own.
    const bobs = await folder(bob, 'Bob only');
    const foreign = await call('POST', '/api/workflows', alice, {
      name: 'Into Bob',
      steps: [{ type: 'move', folderId: bobs }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await listed(alice)).toEqual([]);

    const w = await create(alice, { name: '  Mine  ', description: 'only mine' });
    for (const [method, path] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/start'],
      ['POST', '/stop'],
      ['POST', '/run'],
      ['GET', '/history'],
    ] as const) {
      const res = await call(method, `/api/workflows/${w.id}${path}`, bob);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().error.message).toBe(WORKFLOW_MESSAGES.notFound);
    }
    expect((await call('PUT', `/api/workflows/${w.id}`, bob, { name: 'Taken' })).statusCode).toBe(404);
    expect(await listed(bob)).toEqual([]);
  });

  it('lists an array; start sets running (409 again), stop sets paused (409 again), delete removes', async () => {
    const user = await createTestUser(t.app, { role: 'admin' });
    const w = await create(user, { name: ' Weekly report ', description: 'Reports' });
    const [item] = await listed(user);
    expect(item).toMatchObject({
      id: w.id,
      name: 'Weekly report',
      description: 'Reports',
      status: 'inactive',
      steps: [],
      success_rate: null,
      lastRun: null,
      runs: 0,
    });
    expect(Date.parse((item as unknown as { created: string }).created)).not.toBeNaN();

    const start = await call('POST', `/api/workflows/${w.id}/start`, user);
    expect(start.statusCode).toBe(200);
    expect(start.json().data.status).toBe('running');
    const again = await call('POST', `/api/workflows/${w.id}/start`, user);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(WORKFLOW_MESSAGES.alreadyRunning);
    expect((await call('POST', `/api/workflows/${w.id}/stop`, user)).json().data.status).toBe('paused');
    expect((await call('POST', `/api/workflows/${w.id}/stop`, user)).statusCode).toBe(409);
    expect((await listed(user))[0]?.status).toBe('paused');

    const del = await call('DELETE', `/api/workflows/${w.id}`, user);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/api/workflows/${w.id}`, user)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/workflows/${w.id}`, user)).statusCode).toBe(404);
    expect(await listed(user)).toEqual([]);
  });

  it('edits a workflow with PUT (same validation) and serves the step catalogue', async () => {
    const w = await create(alice, { name: 'Draft' });
    const put = await call('PUT', `/api/workflows/${w.id}`, alice, {
      name: ' Final ',
      description: 'now with steps',
      trigger: { type: 'schedule', everyMinutes: 30 },
      steps: [
        { type: 'rename', pattern: '{date}-{name}' },
        { type: 'email', subject: 'Renamed' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Final',
      description: 'now with steps',
      trigger: { type: 'schedule', everyMinutes: 30, folderId: null, fileType: 'any' },
      steps: [
        { type: 'rename', pattern: '{date}-{name}' },
        { type: 'email', subject: 'Renamed' },
      ],
    });
    const blank = await call('PUT', `/api/workflows/${w.id}`, alice, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(WORKFLOW_MESSAGES.nameRequired);
    expect((await call('GET', `/api/workflows/${w.id}`, alice)).json().data.name).toBe('Final');

    const catalogue = await call('GET', '/api/workflows/step-catalogue', alice);
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json().data.map((s: { type: string }) => s.type)).toEqual([
      'analyze',
      'tag',
      'move',
      'copy',
      'rename',
      'summarize',
      'email',
      'webhook',
    ]);
    expect((await call('GET', '/api/workflows/step-catalogue')).statusCode).toBe(401);
  });

  it('runs on every PDF uploaded to Inbox once running: analyse, tag, move; history and rate from the runs', async () => {
    const inbox = await folder(alice, 'Inbox');
    const done = await folder(alice, 'Processed');
    const w = await create(alice, {
      name: 'File PDFs',
      trigger: { type: 'upload', folderId: inbox, fileType: 'pdf' },
      steps: [
        { type: 'analyze' },
        { type: 'tag', tags: ['invoice', 'inbox'] },
        { type: 'move', folderId: done },
      ],
    });
    const pdf = minimalPdf(['Invoice 42, total 99 EUR']);
    const put = async (name: string, folderId: string | null, data = pdf, type = 'application/pdf') => {
      const res = await upload(
        t.app,
        alice.headers,
        { data, filename: name, contentType: type },
        {
          before: folderId ? [{ name: 'folderId', value: folderId }] : [],
        },
      );
      expect(res.statusCode).toBe(201);
      return res.json().file.id as string;
    };

    // Not running yet: no run.
    await put('early.pdf', inbox);
    expect(await history(alice, w.id)).toEqual([]);
    await call('POST', `/api/workflows/${w.id}/start`, alice);

    const fileId = await put('invoice.pdf', inbox);
    await put('notes.txt', inbox, Buffer.from('plain text'), 'text/plain'); // not a PDF
    await put('elsewhere.pdf', null); // not in Inbox
    await put('bob.pdf', null);
    let runs = await history(alice, w.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'queued', success: false, startTime: null, trigger: 'upload' });

    expect(await drain()).toBe(1);
    runs = await history(alice, w.id);
    expect(runs[0]).toMatchObject({ status: 'success', success: true, error: null });
    expect(runs[0]?.duration).toBeGreaterThanOrEqual(0);
    expect(runs[0]?.steps.map((s) => [s.type, s.status])).toEqual([
      ['analyze', 'success'],
      ['tag', 'success'],
      ['move', 'success'],
    ]);
    // The tags are the files module's, the same ones the assistant shows.
    const tags = await new FileTagsService(t.app.ctx.database.db).tagsOf(alice.user.id, [fileId]);
    expect(tags.get(fileId)).toEqual(['inbox', 'invoice']);
    const moved = await call('GET', `/api/files?folderId=${done}`, alice);
    expect(moved.json().files.map((f: { id: string }) => f.id)).toEqual([fileId]);
    const analysis = await call('GET', `/api/files/${fileId}/analysis`, alice);
    expect(analysis.json().data.analysis.status).toBe('pending');
    expect(await workflowServicesFor(t.app.ctx).service.list(alice.user.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: w.id, success_rate: 100, runs: 1 })]),
    );
    const item = (await listed(alice)).find((x) => x.id === w.id);
    expect(item?.lastRun).toBe(runs[0]?.startTime);

    // Stopped: uploads no longer fire it.
    await call('POST', `/api/workflows/${w.id}/stop`, alice);
    await put('late.pdf', inbox);
    expect(await history(alice, w.id)).toHaveLength(1);
  });

  it('a failing step stops the run with the reason; a retry runs it again, once', async () => {
    hook.status = 500;
    const w = await create(alice, {
      name: 'Notify',
      steps: [
        { type: 'webhook', url: hook.url() },
        { type: 'email', subject: 'Done' },
      ],
    });
    const queued = await call('POST', `/api/workflows/${w.id}/run`, alice);
    expect(queued.statusCode).toBe(202);
    await drain();
    let [run] = await history(alice, w.id);
    expect(run).toMatchObject({
      status: 'error',
      success: false,
      error: 'Step 1 (webhook) failed: The webhook answered HTTP 500',
    });
    expect(run?.steps).toHaveLength(1); // the e-mail step never ran
    expect((await listed(alice)).find((x) => x.id === w.id)?.success_rate).toBe(0);

    const notFailed = await call('POST', `/api/workflows/${w.id}/runs/${crypto.randomUUID()}/retry`, alice);
    expect(notFailed.statusCode).toBe(404);
    hook.status = 200;
    const retry = await call('POST', `/api/workflows/${w.id}/runs/${run?.id}/retry`, alice);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data).toMatchObject({ status: 'queued', trigger: 'retry', retryOf: run?.id });
    const twice = await call('POST', `/api/workflows/${w.id}/runs/${run?.id}/retry`, alice);
    expect(twice.statusCode).toBe(409);
    await drain();
    const runs = await history(alice, w.id);
    [run] = runs;
    expect(run).toMatchObject({ status: 'success', trigger: 'retry' });
    expect(run?.steps.map((s) => s.status)).toEqual(['success', 'success']);
    const ok = await call('POST', `/api/workflows/${w.id}/runs/${run?.id}/retry`, alice);
    expect(ok.statusCode).toBe(409);
    expect(ok.json().error.message).toBe(WORKFLOW_MESSAGES.retryNotFailed);
    expect((await listed(alice)).find((x) => x.id === w.id)?.success_rate).toBe(50);
    expect(t.mailbox.sent.filter((m) => m.to === alice.user.email && m.subject === 'Done')).toHaveLength(1);
  });

  it('signs the webhook body with the workflow secret and refuses private addresses', async () => {
    hook.received.length = 0;
    hook.status = 200;
    const w = await create(alice, { name: 'Signed', steps: [{ type: 'webhook', url: hook.url('/signed') }] });
    await call('POST', `/api/workflows/${w.id}/run`, alice);
    await drain();
    expect(hook.received).toHaveLength(1);
    const got = hook.received[0] as { headers: Record<string, string>; body: string };
    const body = JSON.parse(got.body);
    expect(body.workflow).toEqual({ id: w.id, name: 'Signed' });
    expect(got.headers['x-stratos-signature']).toBe(
      signWebhook(w.signingSecret, got.headers['x-stratos-timestamp'] as string, got.body),
    );
    expect(got.headers['x-stratos-signature']).not.toBe(
      signWebhook('another secret', got.headers['x-stratos-timestamp'] as string, got.body),
    );

    // Not on the allow list: a private literal, a name resolving to loopback, the metadata address.
    for (const url of [
      `https://127.0.0.2:${hook.port}/x`,
      `https://localhost:${hook.port}/x`,
      'https://169.254.169.254/latest',
    ]) {
      const bad = await create(alice, { name: `SSRF ${url}`, steps: [{ type: 'webhook', url }] });
      await call('POST', `/api/workflows/${bad.id}/run`, alice);
      await drain();
      const [run] = await history(alice, bad.id);
      expect(run?.status, url).toBe('error');
      expect(run?.error, url).toContain('private address');
    }
    expect(hook.received).toHaveLength(1);
  });
});
