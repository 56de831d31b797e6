import type { Alert, AlertStatus } from '@behavio/contract';
import { Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCustomerLinksEnabled } from '@/components/ui/customer-link/customer-link';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { PageButtons } from '@/components/ui/pagination-bar/pagination-bar';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { customerPath } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { ALERTS_TEXT, useAlertsPage, useBellAlerts, useMarkAlertRead } from '../api/alerts';
import { AlertMeta, MarkAllReadButton, SEVERITY_COLORS, SeverityBadge } from './alert-parts';

function AlertRow({ alert }: { alert: Alert }) {
  const linksEnabled = useCustomerLinksEnabled();
  const markRead = useMarkAlertRead();
  const unread = alert.read_at === null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="listitem"
      bg={unread ? 'white' : 'gray.0'}
      style={{ borderLeft: `4px solid var(--mantine-color-${SEVERITY_COLORS[alert.severity]}-6)` }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem' }} miw={0}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <SeverityBadge severity={alert.severity} />
            {unread ? (
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                Unread
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
            {alert.message}
          </Text>
          <AlertMeta alert={alert} />
        </Stack>
        <Group gap="xs">
          {linksEnabled ? (
            <Button
              component={Link}
              to={customerPath(alert.customer_id)}
              size="xs"
              variant="light"
              aria-label={`Open customer ${alert.customer_id}`}
              onClick={() => {
                if (unread) markRead.mutate(alert.alert_id);
              }}
            >
              Open customer
            </Button>
          ) : null}
          {unread ? (
            <Button
              size="xs"
              variant="default"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(alert.alert_id)}
              aria-label={`Mark as read: ${alert.message}`}
            >
              Mark as read
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

function AlertList({ status }: { status: AlertStatus }) {
  const [page, setPage] = useState(1);
  const query = useAlertsPage(status, page);
  // Marking the last alerts of a page read empties it: go back a page (adjusted while
  // rendering, as React advises for state that follows other data).
  if (page > 1 && query.data?.alerts.length === 0 && !query.isPlaceholderData) setPage(page - 1);
  if (query.isPending) return <LoadingState label="Loading alerts" />;
  if (query.isError)
    return (
      <LoadErrorAlert
        title={ALERTS_TEXT.loadFailed}
        message={messageOr(query.error, ALERTS_TEXT.fallback)}
        query={query}
      />
    );
  const { alerts, hasMore } = query.data;
  return (
    <Stack gap="sm">
      {alerts.length === 0 ? (
        <EmptyLine>{status === 'unread' ? ALERTS_TEXT.noUnread : ALERTS_TEXT.noAlerts}</EmptyLine>
      ) : (
        <Stack
          gap="xs"
          role="list"
          aria-label={status === 'unread' ? 'Unread alerts, newest first' : 'Alerts, newest first'}
        >
          {alerts.map((alert) => (
            <AlertRow key={alert.alert_id} alert={alert} />
          ))}
        </Stack>
      )}
      {/* The answer has no total: the list knows only whether a next page exists. */}
      {page > 1 || hasMore ? (
        <Group justify="flex-end">
          <PageButtons
            page={page}
            pageLabel={`Page ${page}`}
            hasNext={hasMore}
            busy={query.isPlaceholderData}
            onPageChange={setPage}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The alert list (issue 19): the signed-in user's own alerts, newest first, under Unread and
 * All, paged; each opens its customer (marking it read) or is marked read where it stands.
 */
export function AlertsPage() {
  const [status, setStatus] = useState<AlertStatus>('unread');
  const bell = useBellAlerts();
  const unread = bell.data?.unread_count ?? 0;
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Changes in your customers that need your attention, newest first."
      />
      <Group justify="flex-end" mb="sm">
        <MarkAllReadButton
          unread={unread}
          variant="default"
          leftSection={<IconChecks size={18} />}
        />
      </Group>
      <Tabs
        value={status}
        onChange={(value) => setStatus(value === 'all' ? 'all' : 'unread')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="unread">{unread > 0 ? `Unread (${unread})` : 'Unread'}</Tabs.Tab>
          <Tabs.Tab value="all">All</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unread" pt="md">
          <AlertList status="unread" />
        </Tabs.Panel>
        <Tabs.Panel value="all" pt="md">
          <AlertList status="all" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
