import type { AppContext } from '../../../app-context';
import { alertsServiceFor } from '../alerts/alerts.service';
import { LedgerRepository } from '../ledger.repository';
import { paymentsServiceFor } from '../payments/payments.factory';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';
import { DeductionBatcher } from './deduction-batcher';

const services = new WeakMap<AppContext, CreditsService>();

/**
 * One credits service per app: the credits routes and the AI usage layer share it, so every
 * deduction of an account in this process goes through the same group-commit batcher.
 */
export function creditsServiceFor(ctx: AppContext): CreditsService {
  let service = services.get(ctx);
  if (!service) {
    const db = ctx.database.db;
    const ledger = new LedgerRepository(db);
    service = new CreditsService({
      ledger,
      spends: new DeductionBatcher(ledger),
      repo: new CreditsRepository(db),
      alerts: alertsServiceFor(ctx),
      payments: paymentsServiceFor(ctx),
      superadminEmail: ctx.config.superadminEmail,
    });
    services.set(ctx, service);
  }
  return service;
}
