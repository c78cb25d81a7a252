import type { AppContext } from '../../app-context';
import { merchPaymentsFor } from '../billing/payments/payments.factory';
import { MerchService } from './merch.service';
import { MerchCheckoutService } from './merch-checkout.service';
import { OrderLinkTokens } from './order-token';

export interface MerchModule {
  store: MerchService;
  checkout: MerchCheckoutService;
}

const modules = new WeakMap<AppContext, MerchModule>();

/** The app's one store module (its routes, the sweep job and sign-in's claim of guest orders share it). */
export function merchModuleFor(ctx: AppContext): MerchModule {
  let mod = modules.get(ctx);
  if (!mod) {
    const checkout = new MerchCheckoutService({
      db: ctx.database.db,
      clock: ctx.clock,
      payments: merchPaymentsFor(ctx),
      mailer: ctx.mailer,
      tokens: new OrderLinkTokens(ctx.secrets.jwtSecret),
      publicUrl: ctx.config.publicUrl,
      log: ctx.log,
    });
    const store = new MerchService({ db: ctx.database.db, clock: ctx.clock, checkout, log: ctx.log });
    mod = { store, checkout };
    modules.set(ctx, mod);
  }
  return mod;
}
