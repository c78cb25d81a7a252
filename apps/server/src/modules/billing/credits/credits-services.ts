import type { AppContext } from '../../../app-context';
import { alertsServiceFor } from '../alerts/alerts.service';
import { LedgerRepository } from '../ledger.repository';
import { paymentsServiceFor } from '../payments/payments.factory';
import { CreditHoldsRepository } from './credit-holds.repository';
import { CreditHoldsService } from './credit-holds.service';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';
import { DeductionBatcher } from './deduction-batcher';

const services = new WeakMap<AppContext, CreditsService>();
const holdServices = new WeakMap<AppContext, CreditHoldsService>();

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
      holds: new CreditHoldsRepository(db),
      alerts: alertsServiceFor(ctx),
      payments: paymentsServiceFor(ctx),
      superadminEmail: ctx.config.superadminEmail,
    });
    services.set(ctx, service);
  }
  return service;
}

/** Credit holds of paid work in flight (AI calls), one per app; taken under this process's lease. */
export function creditHoldsServiceFor(ctx: AppContext): CreditHoldsService {
  let service = holdServices.get(ctx);
  if (!service) {
    service = new CreditHoldsService({
      repo: new CreditHoldsRepository(ctx.database.db),
      alerts: alertsServiceFor(ctx),
      instanceId: ctx.instance.id,
      log: ctx.log,
    });
    holdServices.set(ctx, service);
  }
  return service;
}
