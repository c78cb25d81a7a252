import type { AppContext } from '../../../app-context';
import { PaymentsService } from './payments.service';

const services = new WeakMap<AppContext, PaymentsService>();

/** The one PaymentsService of an app (routes, the renewal job and other modules share it). */
export function paymentsServiceFor(ctx: AppContext): PaymentsService {
  let service = services.get(ctx);
  if (!service) {
    service = new PaymentsService();
    services.set(ctx, service);
  }
  return service;
}
