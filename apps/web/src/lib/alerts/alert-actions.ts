import type { Alert } from '@stratos/contracts/billing/alerts.schema';

type ActionType = Alert['actions'][number]['type'];

/** Where each alert action leads inside the app. */
export const ALERT_ACTION_PATH: Record<ActionType, string> = {
  buy_credits: '/billing?buy=credits',
  upgrade: '/upgrade',
  manage_files: '/files',
  view_billing: '/billing',
};

/** Primary actions first, as the alert lists them otherwise. */
export function sortedActions(alert: Pick<Alert, 'actions'>): Alert['actions'] {
  return [...alert.actions].sort(
    (a, b) => (a.priority === 'primary' ? 0 : 1) - (b.priority === 'primary' ? 0 : 1),
  );
}
