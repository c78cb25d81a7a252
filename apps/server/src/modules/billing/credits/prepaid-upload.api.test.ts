import { randomBytes } from 'node:crypto';
import { CREDIT_MESSAGES } from '@stratos/contracts/billing/credits.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, makePrepaid } from '../../../../test/billing.fixture';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { multipart } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';

describe('uploads of prepaid accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = (u: TestUser) => {
    const form = multipart([{ name: 'file', data: randomBytes(1000), filename: 'a.bin' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...u.headers, ...form.headers },
      payload: form.body,
    });
  };
  const tusCreate = (u: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/files/tus',
      headers: {
        ...u.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${Buffer.from('a.bin').toString('base64')}`,
      },
    });

  it('an empty balance refuses uploads with 402; credits let them through', async () => {
    const u = await createTestUser(t.app);
    await makePrepaid(t.app, u.user.id);
    const refused = await upload(u);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: CREDIT_MESSAGES.insufficient,
    });
    const tusRefused = await tusCreate(u);
    expect(tusRefused.statusCode).toBe(402);
    expect(tusRefused.body).toContain(CREDIT_MESSAGES.insufficient);

    await fund(t.app, u.user.id, 1);
    expect((await upload(u)).statusCode).toBe(201);
    expect((await tusCreate(u)).statusCode).toBe(201);
  });

  it('other plans and the superadmin upload without credits', async () => {
    const free = await createTestUser(t.app);
    expect((await upload(free)).statusCode).toBe(201);
    const boss = await createTestUser(t.app, { role: 'superadmin' });
    await makePrepaid(t.app, boss.user.id);
    expect((await upload(boss)).statusCode).toBe(201);
  });
});
