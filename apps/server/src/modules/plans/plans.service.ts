import type { PlanRow, PlansRepository } from './plans.repository';

/** The plan catalogue, for other modules (they use this, never the repository). */
export class PlansService {
  constructor(private readonly repo: PlansRepository) {}

  listActive(): Promise<PlanRow[]> {
    return this.repo.listActive();
  }

  /** The plan, its row locked until the caller's transaction ends. */
  lockPlan(id: string): Promise<PlanRow | undefined> {
    return this.repo.findForUpdate(id);
  }

  /** The plan's monthly AI allowance (null = unlimited), which the AI router enforces. */
  setAiQueriesPerMonth(id: string, limit: number | null): Promise<void> {
    return this.repo.setAiQueriesPerMonth(id, limit);
  }
}
