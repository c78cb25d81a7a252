import type { AppContext } from '../../../app-context';
import type { PaymentsConfig } from '../../../config';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { NotificationsService } from '../../notifications/notifications.service';
import { MerchPaymentsService } from './merch-payments.service';
import type { PaymentProvider } from './payment-provider';
import { PaymentsService } from './payments.service';
import { SandboxProvider } from './sandbox.provider';
import { StripeProvider } from './stripe.provider';
import { SubscriptionsService } from './subscriptions.service';

/** The configured provider, or null when it cannot take payments (Stripe chosen without a secret key). */
export function createPaymentProvider(config: PaymentsConfig, db: Db, clock: Clock): PaymentProvider | null {
  if (config.provider === 'sandbox') return new SandboxProvider(db, clock);
  const { secretKey, publishableKey, webhookSecret, apiBase } = config.stripe;
  if (!secretKey) return null;
  return new StripeProvider({ secretKey, publishableKey, webhookSecret, apiBase });
}

export interface PaymentsModule {
  provider: PaymentProvider | null;
  payments: PaymentsService;
  subscriptions: SubscriptionsService;
  merch: MerchPaymentsService;
}

const modules = new WeakMap<AppContext, PaymentsModule>();

/** The app's one payments module (routes, the renewal job and other modules share it). */
export function paymentsModuleFor(ctx: AppContext): PaymentsModule {
  let mod = modules.get(ctx);
  if (!mod) {
    const db = ctx.database.db;
    const provider = createPaymentProvider(ctx.config.payments, db, ctx.clock);
    const notifications = new NotificationsService(db, ctx.clock);
    mod = {
      provider,
      payments: new PaymentsService({
        db,
        clock: ctx.clock,
        provider,
        providerName: ctx.config.payments.provider,
        notifications,
        log: ctx.log,
      }),
      subscriptions: new SubscriptionsService({
        db,
        clock: ctx.clock,
        provider,
        notifications,
        graceDays: ctx.config.payments.graceDays,
        log: ctx.log,
      }),
      merch: new MerchPaymentsService({ db, clock: ctx.clock, provider }),
    };
    modules.set(ctx, mod);
  }
  return mod;
}

/** The app's PaymentsService: `paymentsServiceFor(ctx).createIntent({...})` (see payments.service.ts). */
export function paymentsServiceFor(ctx: AppContext): PaymentsService {
  return paymentsModuleFor(ctx).payments;
}

/** The store's payments (the merch module's checkout and its guests' card step). */
export function merchPaymentsFor(ctx: AppContext): MerchPaymentsService {
  return paymentsModuleFor(ctx).merch;
}
