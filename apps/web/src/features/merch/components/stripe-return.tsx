import { MERCH_MESSAGES } from '@stratos/contracts/merch/merch-constants';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { confirmOrder } from '../api/confirm-order';
import type { OrderOutcome } from './order-result-modal';

/** Back from a redirect-based Stripe confirmation (3-D Secure): confirms the order it paid, once. */
export default function StripeReturn({
  orderId,
  onDone,
}: {
  orderId: string;
  onDone: (r: OrderOutcome) => void;
}) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let live = true;
    confirmOrder({ id: orderId, orderNumber: '' }, null).then(
      (r) => live && done.current(r),
      (err) =>
        live && done.current({ error: errorMessage(err, MERCH_MESSAGES.checkoutFailed), retryable: false }),
    );
    return () => {
      live = false;
    };
  }, [orderId]);
  return null;
}
