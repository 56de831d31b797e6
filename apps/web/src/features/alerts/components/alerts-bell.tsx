import type { Alert } from '@behavio/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  NavLink,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCustomerLinksEnabled } from '@/components/ui/customer-link/customer-link';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { customerPath, paths } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { ALERTS_TEXT, useBellAlerts, useMarkAlertRead } from '../api/alerts';
import classes from './alerts.module.css';
import {
  AlertMeta,
  MarkAllReadButton,
  SEVERITY_COLORS,
  SeverityBadge,
  bellLabel,
  countLabel,
} from './alert-parts';

/** Where the bell sits: the sidebar (from the medium width up) or the phone's bottom bar. */
export type BellPlacement = 'sidebar' | 'phone';

export interface AlertsBellProps {
  placement: BellPlacement;
  /** The phone bar's item look, given by the shell that owns it. */
  className?: string;
}

/** The unread count on the bell: red 9 keeps white digits legible (WCAG AA). */
const COUNT_COLOR = 'red.9';

function AlertBody({ alert }: { alert: Alert }) {
  return (
    <Stack gap={4} miw={0}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <SeverityBadge severity={alert.severity} />
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {alert.message}
        </Text>
      </Group>
      <AlertMeta alert={alert} />
    </Stack>
  );
}

/**
 * One unread alert: a link to the customer's page that marks the alert read. For a role that
 * may not open customer pages, the alert with a "Mark as read" button instead.
 */
function BellAlert({ alert, onOpen }: { alert: Alert; onOpen: () => void }) {
  const linksEnabled = useCustomerLinksEnabled();
  const markRead = useMarkAlertRead();
  const edge = {
    borderLeft: `3px solid var(--mantine-color-${SEVERITY_COLORS[alert.severity]}-6)`,
  };
  if (!linksEnabled) {
    return (
      <Group role="listitem" px="sm" py={8} gap="xs" justify="space-between" style={edge}>
        <AlertBody alert={alert} />
        <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate(alert.alert_id)}>
          Mark as read
        </Button>
      </Group>
    );
  }
  return (
    <Box role="listitem">
      <UnstyledButton
        component={Link}
        to={customerPath(alert.customer_id)}
        onClick={() => {
          markRead.mutate(alert.alert_id);
          onOpen();
        }}
        display="block"
        w="100%"
        px="sm"
        py={8}
        style={edge}
        className={classes.item}
      >
        <AlertBody alert={alert} />
      </UnstyledButton>
    </Box>
  );
}

function BellPanel({ onClose }: { onClose: () => void }) {
  const query = useBellAlerts();
  const unread = query.data?.unread_count ?? 0;

  let body;
  if (query.isPending) body = <LoadingState label="Loading alerts" />;
  else if (query.isError)
    body = (
      <Box p="sm">
        <LoadErrorAlert
          title={ALERTS_TEXT.loadFailed}
          message={messageOr(query.error, ALERTS_TEXT.fallback)}
          query={query}
        />
      </Box>
    );
  else if (query.data.alerts.length === 0) body = <EmptyLine>{ALERTS_TEXT.noUnread}</EmptyLine>;
  else
    body = (
      <ScrollArea.Autosize mah={360} type="auto">
        <Stack gap={0} role="list" aria-label="Unread alerts, newest first">
          {query.data.alerts.map((alert) => (
            <BellAlert key={alert.alert_id} alert={alert} onOpen={onClose} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
        <Text fw={700}>{unread > 0 ? `Unread alerts (${unread})` : 'Alerts'}</Text>
        <MarkAllReadButton unread={unread} size="compact-sm" variant="subtle" />
      </Group>
      <Divider />
      {body}
      <Divider />
      <Anchor component={Link} to={paths.alerts} onClick={onClose} size="sm" p="sm" fw={500}>
        View all alerts
      </Anchor>
    </Stack>
  );
}

/**
 * The bell with the unread count (issue 19), in the sidebar and in the phone's bottom bar: polled
 * every minute and when the window gets the focus back; it opens the newest unread alerts, each
 * leading to its customer. A failed poll leaves the bell without a count and says why inside.
 */
export function AlertsBell({ placement, className }: AlertsBellProps) {
  const [opened, setOpened] = useState(false);
  const query = useBellAlerts();
  const unread = query.data?.unread_count ?? 0;
  const label = bellLabel(unread);
  const toggle = () => {
    if (!opened) void query.refetch();
    setOpened((open) => !open);
  };

  const target =
    placement === 'sidebar' ? (
      <NavLink
        component="button"
        type="button"
        // The trailing space keeps the word and the count apart in the text the name must hold.
        label="Alerts "
        aria-label={label}
        onClick={toggle}
        leftSection={<IconBell size={20} stroke={1.7} />}
        rightSection={
          unread > 0 ? (
            <Badge color={COUNT_COLOR} variant="filled" size="sm" circle={unread < 10}>
              {countLabel(unread)}
            </Badge>
          ) : null
        }
        active={opened}
        variant="light"
        fw={500}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    ) : (
      <UnstyledButton
        type="button"
        aria-label={label}
        onClick={toggle}
        className={className}
        style={{ position: 'relative' }}
        data-active={opened || undefined}
      >
        <IconBell size={22} stroke={1.7} />
        <span>Alerts</span>{' '}
        {/* After the word, so the name reads as the item shows it: "Alerts 3 unread". */}
        {unread > 0 ? (
          <Badge
            color={COUNT_COLOR}
            variant="filled"
            size="xs"
            circle={unread < 10}
            className={classes.phoneCount}
          >
            {countLabel(unread)}
          </Badge>
        ) : null}
      </UnstyledButton>
    );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position={placement === 'sidebar' ? 'right-start' : 'top-end'}
      width={360}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <BellPanel onClose={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
