import {
  AI_EXPERIENCE,
  ONBOARDING_MESSAGES,
  type Onboarding,
  type SaveOnboardingBody,
  TEAM_SIZES,
  USE_CASES,
} from '@stratos/contracts/billing/onboarding.schema';
import { badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OnboardingRepository, OnboardingRow } from './onboarding.repository';

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : null;

export function toOnboarding(row: OnboardingRow | undefined): Onboarding {
  return {
    primaryUseCase: oneOf(USE_CASES, row?.primaryUseCase ?? null),
    storageProviders: row?.storageProviders ?? [],
    teamSize: oneOf(TEAM_SIZES, row?.teamSize ?? null),
    aiExperience: oneOf(AI_EXPERIENCE, row?.aiExperience ?? null),
    goals: row?.goals ?? [],
    completedAt: row?.completedAt ? new Date(row.completedAt).toISOString() : null,
  };
}

/** Onboarding answers (part 1 sections 3 and 4), saved step by step; completing needs step 2's two choices. */
export class OnboardingService {
  constructor(
    private readonly repo: Pick<OnboardingRepository, 'find' | 'upsert'>,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<Onboarding> {
    return toOnboarding(await this.repo.find(userId));
  }

  /** Saves the fields given (others keep their value); `completed: true` finishes, once. */
  async save(userId: string, body: SaveOnboardingBody): Promise<Onboarding> {
    const current = toOnboarding(await this.repo.find(userId));
    const next = {
      primaryUseCase: body.primaryUseCase !== undefined ? body.primaryUseCase : current.primaryUseCase,
      storageProviders: body.storageProviders ?? current.storageProviders,
      teamSize: body.teamSize !== undefined ? body.teamSize : current.teamSize,
      aiExperience: body.aiExperience !== undefined ? body.aiExperience : current.aiExperience,
      goals: body.goals ?? current.goals,
    };
    let completedAt = current.completedAt ? new Date(current.completedAt) : null;
    if (body.completed === true) {
      if (!next.primaryUseCase || !next.teamSize) {
        throw badRequest(ONBOARDING_MESSAGES.incomplete, 'ONBOARDING_INCOMPLETE');
      }
      completedAt ??= this.clock.now();
    } else if (body.completed === false) {
      completedAt = null;
    }
    const row = await this.repo.upsert(userId, { ...next, completedAt, updatedAt: this.clock.now() });
    return toOnboarding(row);
  }
}
