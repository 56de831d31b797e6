import { z } from 'zod';
import { wholeNumberParam } from './fields.js';
import { PAGE_OFFSET_MAX } from './changes.js';

/**
 * Alerts (issue 19, item 3): the changes that need a person, for the customer's RM, or for the
 * firm's admins when the customer has no RM. docs/changes-and-alerts.md has the rules.
 */

export const ALERT_KINDS = [
  'urgency_up',
  'risk_level_up',
  'priority_jump',
  'new_high_urgency',
] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** Most severe first. */
export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export const alertSeveritySchema = z.enum(ALERT_SEVERITIES);
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;

export const ALERT_STATUSES = ['unread', 'all'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES, {
  error: 'status must be unread or all',
});
export type AlertStatus = z.infer<typeof alertStatusSchema>;

export const ALERTS_PAGE_MAX = 100;
export const ALERTS_PAGE_DEFAULT = 20;

export const ALERT_MESSAGES = {
  notFound: 'Alert not found',
  markedRead: 'Alert marked as read',
  allMarkedRead: 'All alerts marked as read',
} as const;

export const alertSchema = z.object({
  alert_id: z.string(),
  customer_id: z.string(),
  kind: alertKindSchema,
  severity: alertSeveritySchema,
  /** The customer's own figures, e.g. "priority 4.1 → 7.8: leverage rose from 1.1 to 2.4". */
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** The file (or feed batch) whose import raised it. */
  file_id: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsQuerySchema = z.object({
  status: alertStatusSchema.default('unread'),
  limit: wholeNumberParam('limit', 1, ALERTS_PAGE_MAX).default(ALERTS_PAGE_DEFAULT),
  offset: wholeNumberParam('offset', 0, PAGE_OFFSET_MAX).default(0),
});
export type AlertsQuery = z.input<typeof alertsQuerySchema>;

/** The signed-in user's alerts, newest first, and how many of theirs are unread. */
export const alertsResponseSchema = z.object({
  alerts: z.array(alertSchema),
  unread_count: z.number().int().min(0),
});
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

export const alertParamsSchema = z.object({
  alert_id: z.uuid({ error: ALERT_MESSAGES.notFound }),
});

export const alertReadResponseSchema = z.object({
  message: z.string(),
  alert: alertSchema,
  unread_count: z.number().int().min(0),
});
export type AlertReadResponse = z.infer<typeof alertReadResponseSchema>;

export const alertsReadAllResponseSchema = z.object({
  message: z.string(),
  /** How many alerts this marked read. */
  marked: z.number().int().min(0),
  unread_count: z.number().int().min(0),
});
export type AlertsReadAllResponse = z.infer<typeof alertsReadAllResponseSchema>;
