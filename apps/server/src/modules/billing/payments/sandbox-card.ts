import {
  CARD_MESSAGES,
  type SandboxConfirmBody,
  type SandboxConfirmReply,
} from '@stratos/contracts/billing/payments.schema';
import { AppError } from '../../../lib/app-error';
import type { IntentRow } from './payment-intents.repository';
import type { SandboxProvider } from './sandbox.provider';

/**
 * The sandbox's card step on an intent the caller has already proven is theirs: the card as the
 * form sent it (numbers may come as strings), charged; 402 with the card's message on a decline.
 */
export async function chargeSandboxCard(
  provider: SandboxProvider,
  row: IntentRow,
  card: SandboxConfirmBody['card'],
): Promise<SandboxConfirmReply> {
  const result = await provider.confirmCard(row, {
    ...card,
    number: String(card.number),
    exp_month: Number(card.exp_month),
    exp_year: Number(card.exp_year),
  });
  if (!result.ok) {
    throw new AppError(402, result.code, CARD_MESSAGES[result.code], {
      payment_intent_id: row.id,
      status: result.row.status,
    });
  }
  return { success: true, payment_intent_id: row.id, status: result.row.status };
}
