import type { SubscriptionStatus } from '@behavio/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCreditCard,
  IconExternalLink,
  IconInfoCircle,
  IconRefresh,
} from '@tabler/icons-react';
import { messageOr } from '@/lib/api-client';
import { SUBSCRIPTION_TEXT } from '../api/subscription';
import { planName } from '@/lib/display-rules';
import { formatDate } from '../utils/format';

export const STATUS_TEXT = {
  loadError: 'Your subscription status could not be loaded.',
  freePlan: 'Your firm is on the free plan.',
  renewalDue: 'The payment for your next period is open.',
  payNow: 'Pay now',
  updatePayment: 'Update payment method',
} as const;

/** The period line: when the plan renews, or when it ends if set to cancel. */
export function periodText(status: SubscriptionStatus): string | null {
  if (!status.hasSubscription || !status.currentPeriodEnd) return null;
  const date = formatDate(status.currentPeriodEnd);
  return status.cancelAtPeriodEnd
    ? `Cancels at period end: your plan stays until ${date}.`
    : `Renews on ${date}.`;
}

export interface SubscriptionStatusCardProps {
  status: SubscriptionStatus | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  retrying: boolean;
}

/** The firm's plan, its status and period, and the past_due warning of product-rules: Screens. */
export function SubscriptionStatusCard({
  status,
  error,
  loading,
  onRetry,
  retrying,
}: SubscriptionStatusCardProps) {
  if (loading) {
    return (
      <Paper withBorder p="lg" bg="white" aria-busy="true" aria-label="Loading your plan">
        <Skeleton h={14} w={110} mb="sm" />
        <Skeleton h={26} w={180} mb="sm" />
        <Skeleton h={14} w="60%" />
      </Paper>
    );
  }
  if (!status) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={STATUS_TEXT.loadError}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{messageOr(error, 'Please try again.')}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
            loading={retrying}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  const period = periodText(status);
  const pastDue = status.status === 'past_due';

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
      component="section"
      aria-label="Your plan"
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Current plan
            </Text>
            <Group gap={8} wrap="wrap">
              <Text fw={800} fz={22} lh={1.2}>
                {status.hasSubscription && status.plan ? planName(status.plan) : 'Free'}
              </Text>
              {status.hasSubscription && status.status ? (
                <Badge color={pastDue ? 'red' : 'teal'} variant="light" radius="sm">
                  {pastDue ? 'Past due' : 'Active'}
                </Badge>
              ) : null}
              {status.hasSubscription && status.billingCycle ? (
                <Badge color="gray" variant="light" radius="sm">
                  Billed {status.billingCycle}
                </Badge>
              ) : null}
              {status.cancelAtPeriodEnd ? (
                <Badge color="orange" variant="light" radius="sm">
                  Cancels at period end
                </Badge>
              ) : null}
            </Group>
            {period ? (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconCalendarEvent
                  size={16}
                  style={{ flexShrink: 0, marginTop: 3 }}
                  color="var(--mantine-color-dimmed)"
                />
                <Text size="sm" c="dimmed">
                  {period}
                </Text>
              </Group>
            ) : null}
            {!status.hasSubscription ? (
              <Text size="sm" c="dimmed">
                {STATUS_TEXT.freePlan}
              </Text>
            ) : null}
          </Stack>
        </Group>

        {pastDue ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            role="alert"
            styles={{ message: { color: 'var(--mantine-color-red-9)' } }}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm" fw={600}>
                {SUBSCRIPTION_TEXT.pastDue}
              </Text>
              {status.paymentUrl ? (
                <Button
                  component="a"
                  href={status.paymentUrl}
                  size="xs"
                  color="red"
                  rightSection={<IconExternalLink size={14} />}
                >
                  {STATUS_TEXT.updatePayment}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}

        {!pastDue && status.hasSubscription && status.paymentUrl ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
            <Group gap="sm" justify="space-between">
              <Text size="sm">{STATUS_TEXT.renewalDue}</Text>
              <Button component="a" href={status.paymentUrl} size="xs" variant="light">
                {STATUS_TEXT.payNow}
              </Button>
            </Group>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
