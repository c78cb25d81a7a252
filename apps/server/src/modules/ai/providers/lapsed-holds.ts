import type { AppContext } from '../../../app-context';
import type { LapseHandler } from '../../../instances/instance-lease';
import type { Charge } from '../../billing/credits/credit-holds.service';
import { creditHoldsServiceFor } from '../../billing/credits/credits-services';
import { creditMicros } from './cost';
import { AiProvidersRepository } from './providers.repository';

/**
 * Credit holds of AI calls whose process died (instances/instance-lease.ts): a call that answered
 * left its usage row, with its cost, before its charge could be made; it is charged now, exactly
 * (the hold's key makes it once). A call without one never answered, as far as anyone knows: its
 * hold goes back.
 */
export function lapsedCreditHoldsHandler(ctx: AppContext): LapseHandler {
  const usage = new AiProvidersRepository(ctx.database.db);
  const holds = creditHoldsServiceFor(ctx);
  return async ({ lapsed }) => {
    const done = await holds.sweep(lapsed, async (rows) => {
      const calls = rows.map((h) => ({ userId: h.userId, callId: String(h.metadata.callId ?? '') }));
      const costs = await usage.callCosts(calls);
      const charges = new Map<string, Charge>();
      for (const h of rows) {
        const callId = String(h.metadata.callId ?? '');
        const cost = costs.get(callId);
        if (cost === undefined || creditMicros(cost) <= 0) continue;
        charges.set(h.id, {
          userId: h.userId,
          micros: creditMicros(cost),
          settleKey: h.settleKey,
          description: `AI query (${h.metadata.provider} ${h.metadata.model})`,
          metadata: { ...h.metadata, cost, settledAfterRestart: true },
        });
      }
      return charges;
    });
    if (done.settled + done.released > 0) {
      ctx.log.info(`credit holds of stopped processes: ${done.settled} charged, ${done.released} given back`);
    }
  };
}
