import type { Alert, AlertSeverity } from '@behavio/contract';
import { Badge, Button, Text, type ButtonProps, type MantineColor } from '@mantine/core';
import { formatRelativeTime, formatTimestamp } from '@/lib/display-rules';
import { useMarkAllAlertsRead } from '../api/alerts';

/** Critical red, warning orange, info blue: the colour always comes with its word. */
export const SEVERITY_COLORS: Record<AlertSeverity, MantineColor> = {
  critical: 'red',
  warning: 'orange',
  info: 'blue',
};

const SEVERITY_LABELS: Record<AlertSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  return (
    <Badge
      color={SEVERITY_COLORS[severity]}
      variant="light"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {SEVERITY_LABELS[severity]}
    </Badge>
  );
}

/** "Customer C-100001 · 5 minutes ago", the full time on hover and for screen readers. */
export function AlertMeta({ alert }: { alert: Alert }) {
  const full = formatTimestamp(alert.created_at, 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Text size="xs" c="dimmed">
      Customer {alert.customer_id} ·{' '}
      <time dateTime={alert.created_at} title={full}>
        {formatRelativeTime(alert.created_at)}
      </time>
    </Text>
  );
}

/** The bell's count as a badge shows it: 99 at most. */
export function countLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell's accessible name: what it shows, in order ("Alerts 3 unread"), so a voice user
 * can say what they see (WCAG 2.5.3).
 */
export function bellLabel(unread: number | undefined): string {
  if (!unread) return 'Alerts';
  return `Alerts ${countLabel(unread)} unread`;
}

/** "Mark all as read": POST /alerts/read-all, idle while nothing is unread. */
export function MarkAllReadButton({ unread, ...props }: ButtonProps & { unread: number }) {
  const markAll = useMarkAllAlertsRead();
  return (
    <Button
      {...props}
      disabled={unread === 0}
      loading={markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      Mark all as read
    </Button>
  );
}
