import type { SubscriptionStatus } from '@behavio/contract';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOr, endsSession } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { SUBSCRIPTION_TEXT, useCancelSubscription } from '../api/subscription';
import { planName } from '@/lib/display-rules';
import { formatDate } from '../utils/format';

export interface CancelSubscriptionProps {
  status: SubscriptionStatus;
  /** Resumes a subscription set to end (update to the same plan and cycle). */
  onResume: () => void;
  resuming: boolean;
}

/** The cancel section of product-rules: Screens with the confirmation of product-rules: Validation rules. */
export function CancelSubscription({ status, onResume, resuming }: CancelSubscriptionProps) {
  const [confirming, setConfirming] = useState(false);
  const mutation = useCancelSubscription();
  const end = status.currentPeriodEnd ? formatDate(status.currentPeriodEnd) : null;
  const plan = status.plan ? planName(status.plan) : 'paid';

  const confirm = () => {
    mutation.mutate(undefined, {
      onSuccess: (response) => {
        toast.success({ title: 'Subscription cancelled', message: response.message });
        setConfirming(false);
      },
      onError: (error) => {
        setConfirming(false);
        if (endsSession(error)) return;
        toast.error({
          title: SUBSCRIPTION_TEXT.cancelFailed,
          message: messageOr(error, SUBSCRIPTION_TEXT.cancelFallback),
        });
      },
    });
  };

  return (
    <Paper
      component="section"
      aria-labelledby="cancel-subscription-heading"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="sm">
        <Title order={2} fz={18} id="cancel-subscription-heading">
          {status.cancelAtPeriodEnd ? 'Your subscription is set to end' : 'Cancel subscription'}
        </Title>
        {status.cancelAtPeriodEnd ? (
          <>
            <Text size="sm" c="dimmed">
              Your firm keeps the {plan} plan{end ? ` until ${end}` : ''}, then moves to the free
              plan. Changed your mind? Resume it and nothing changes.
            </Text>
            <Group>
              <Button variant="light" onClick={onResume} loading={resuming}>
                Resume Subscription
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Your firm keeps the {plan} plan until the end of the current period
              {end ? ` (${end})` : ''}, then moves to the free plan.
            </Text>
            <Group>
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            </Group>
          </>
        )}
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => {
          if (!mutation.isPending) setConfirming(false);
        }}
        title="Cancel your subscription?"
        centered
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={22}
              color="var(--mantine-color-orange-7)"
              style={{ flexShrink: 0 }}
            />
            <Stack gap={4}>
              <Text fw={600}>{SUBSCRIPTION_TEXT.cancelConfirm}</Text>
              <Text size="sm" c="dimmed">
                Your firm keeps the {plan} plan{end ? ` until ${end}` : ' until the period ends'},
                then moves to the free plan.
              </Text>
            </Stack>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={mutation.isPending}
            >
              Keep Subscription
            </Button>
            <Button color="red" onClick={confirm} loading={mutation.isPending}>
              Yes, Cancel
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
