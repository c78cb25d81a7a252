import { ONBOARDING_MESSAGES } from '@stratos/contracts/billing/onboarding.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users.fixture';

describe('onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (u: TestUser | null) =>
    t.app.inject({ method: 'GET', url: '/api/onboarding', headers: u?.headers ?? {} });
  const put = (u: TestUser | null, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/onboarding', headers: u?.headers ?? {}, payload });

  it('starts empty, saves step by step, and keeps what a later save leaves out', async () => {
    const u = await createTestUser(t.app);
    const empty = await get(u);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      success: true,
      onboarding: {
        primaryUseCase: null,
        storageProviders: [],
        teamSize: null,
        aiExperience: null,
        goals: [],
        completedAt: null,
      },
    });

    const step2 = await put(u, { primaryUseCase: 'business', teamSize: 'small' });
    expect(step2.statusCode).toBe(200);
    expect(step2.json().onboarding).toMatchObject({ primaryUseCase: 'business', teamSize: 'small' });

    await put(u, {
      storageProviders: ['s3', 'gdrive'],
      aiExperience: 'beginner',
      goals: ['Organise photos'],
    });
    const saved = (await get(u)).json().onboarding;
    expect(saved).toEqual({
      primaryUseCase: 'business',
      storageProviders: ['s3', 'gdrive'],
      teamSize: 'small',
      aiExperience: 'beginner',
      goals: ['Organise photos'],
      completedAt: null,
    });

    // Another user sees only their own.
    const other = await createTestUser(t.app);
    expect((await get(other)).json().onboarding.primaryUseCase).toBeNull();
  });

  it('completes only with a use case and a team size (400 with a clear message otherwise), once', async () => {
    const u = await createTestUser(t.app);
    const early = await put(u, { primaryUseCase: 'research', completed: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({
      code: 'ONBOARDING_INCOMPLETE',
      message: ONBOARDING_MESSAGES.incomplete,
    });
    // Nothing was saved by the refused call.
    expect((await get(u)).json().onboarding.primaryUseCase).toBeNull();

    const done = await put(u, { primaryUseCase: 'research', teamSize: 'solo', completed: true });
    expect(done.statusCode).toBe(200);
    const completedAt = done.json().onboarding.completedAt;
    expect(completedAt).toEqual(expect.any(String));

    t.clock.advance(60_000);
    const again = await put(u, { goals: ['x'], completed: true });
    expect(again.json().onboarding.completedAt).toBe(completedAt);

    // Clearing a required answer is possible, but a completion then needs it again.
    const cleared = await put(u, { teamSize: null, completed: true });
    expect(cleared.statusCode).toBe(400);
  });

  it('validates the answers against the contract and needs a session', async () => {
    const u = await createTestUser(t.app);
    expect((await put(u, { primaryUseCase: 'gaming' })).statusCode).toBe(400);
    expect((await put(u, { teamSize: 'huge' })).statusCode).toBe(400);
    expect((await put(u, { goals: ['x'.repeat(201)] })).statusCode).toBe(400);
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, { primaryUseCase: 'personal' })).statusCode).toBe(401);
  });
});
