import { z } from 'zod';
import { limitQuerySchema } from '../common/envelope.schema';

/** Cost and usage alerts (part 1 sections 3, 4, 9). */

export const ALERT_THRESHOLDS = {
  storageWarning: 0.8,
  storageCritical: 0.95,
  balanceWarningBelow: 5,
  balanceCriticalBelow: 1,
  daysWarningAtMost: 7,
  daysCriticalAtMost: 3,
  dailyCostWarningAbove: 2,
  dailyCostCriticalAbove: 5,
  /** A projected shortfall is critical when it exceeds this share of the balance. */
  shortfallCriticalShare: 0.5,
  /** Suggested top-ups round up to a multiple of this many dollars. */
  topUpMultiple: 5,
  /** How far ahead a shortfall is projected, in days. */
  projectionDays: 30,
  dismissHours: 24,
  historySize: 100,
  checkEveryMinutes: 30,
  widgetCount: 5,
  dropdownCount: 3,
  widgetPollMinutes: 2,
  notificationPollMinutes: 5,
} as const;

export const alertTypeSchema = z.enum([
  'storage_usage',
  'credit_balance',
  'credit_duration',
  'projected_shortfall',
]);
export type AlertType = z.infer<typeof alertTypeSchema>;
export const alertSeveritySchema = z.enum(['warning', 'critical']);
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;
/** How urgent the user's credit situation is overall (part 1 section 4). */
export const alertUrgencySchema = z.enum(['normal', 'warning', 'critical']);

export const alertActionSchema = z.object({
  type: z.enum(['buy_credits', 'upgrade', 'manage_files', 'view_billing']),
  label: z.string(),
  priority: z.enum(['primary', 'secondary']),
});

export const alertSchema = z.object({
  id: z.uuid(),
  type: alertTypeSchema,
  severity: alertSeveritySchema,
  title: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  actions: z.array(alertActionSchema),
  timestamp: z.string(),
  dismissible: z.boolean(),
  /** Null while active; set once the condition has cleared. */
  resolvedAt: z.string().nullable(),
  dismissedUntil: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** GET /api/alerts?limit=: the caller's active, undismissed alerts, most severe first (urgency counts them all). */
export const alertsQuerySchema = limitQuerySchema(ALERT_THRESHOLDS.historySize, ALERT_THRESHOLDS.historySize);
/** GET /api/alerts: the caller's active, undismissed alerts, most severe first. */
export const alertsReplySchema = z.object({
  success: z.literal(true),
  alerts: z.array(alertSchema),
  urgency: alertUrgencySchema,
  checkedAt: z.string().nullable(),
});
export type AlertsReply = z.infer<typeof alertsReplySchema>;

/** GET /api/alerts/history?limit=: the latest (at most 100), active or not. */
export const alertHistoryQuerySchema = limitQuerySchema(
  ALERT_THRESHOLDS.historySize,
  ALERT_THRESHOLDS.historySize,
);
export const alertHistoryReplySchema = z.object({ success: z.literal(true), alerts: z.array(alertSchema) });
export type AlertHistoryReply = z.infer<typeof alertHistoryReplySchema>;

export const dismissAlertReplySchema = z.object({ success: z.literal(true), dismissedUntil: z.string() });

export const alertIdParamsSchema = z.object({ id: z.uuid() });
