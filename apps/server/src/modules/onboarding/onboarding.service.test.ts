import { ONBOARDING_MESSAGES } from '@stratos/contracts/billing/onboarding.schema';
import { describe, expect, it } from 'vitest';
import type { OnboardingRepository, OnboardingRow, OnboardingValues } from './onboarding.repository';
import { OnboardingService, toOnboarding } from './onboarding.service';

/** The repository as a map: what the service writes is what it reads back. */
function fakeRepo(): Pick<OnboardingRepository, 'find' | 'upsert'> & { rows: Map<string, OnboardingRow> } {
  const rows = new Map<string, OnboardingRow>();
  return {
    rows,
    find: async (userId) => rows.get(userId),
    upsert: async (userId: string, values: OnboardingValues) => {
      const row = { ...(rows.get(userId) ?? {}), userId, ...values } as OnboardingRow;
      rows.set(userId, row);
      return row;
    },
  };
}

describe('OnboardingService', () => {
  let now = new Date('2031-01-01T00:00:00Z');
  const clock = { now: () => now };

  it('merges partial saves and completes once the use case and team size are known', async () => {
    const repo = fakeRepo();
    const service = new OnboardingService(repo, clock);
    await service.save('u', { primaryUseCase: 'creative' });
    await expect(service.save('u', { completed: true })).rejects.toMatchObject({
      statusCode: 400,
      message: ONBOARDING_MESSAGES.incomplete,
    });
    const done = await service.save('u', { teamSize: 'large', completed: true });
    expect(done).toMatchObject({
      primaryUseCase: 'creative',
      teamSize: 'large',
      completedAt: '2031-01-01T00:00:00.000Z',
    });
    now = new Date('2031-02-01T00:00:00Z');
    expect((await service.save('u', { completed: true })).completedAt).toBe('2031-01-01T00:00:00.000Z');
    expect((await service.save('u', { completed: false })).completedAt).toBeNull();
  });

  it('reads stored values it no longer knows as unanswered', () => {
    expect(
      toOnboarding({
        userId: 'u',
        primaryUseCase: 'gaming',
        storageProviders: ['s3'],
        teamSize: 'small',
        aiExperience: 'wizard',
        goals: [],
        completedAt: null,
        updatedAt: new Date(),
      }),
    ).toMatchObject({
      primaryUseCase: null,
      teamSize: 'small',
      aiExperience: null,
      storageProviders: ['s3'],
    });
  });
});
