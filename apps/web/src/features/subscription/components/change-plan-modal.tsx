import type { BillingCycle, PlanOffer } from '@behavio/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@/lib/display-rules';
import { PER_CYCLE } from '../utils/format';

export interface PlanChoice {
  plan: PlanOffer;
  cycle: BillingCycle;
}

export interface ChangePlanModalProps {
  choice: PlanChoice | null;
  currency: string;
  pending: boolean;
  onConfirm: (choice: PlanChoice) => void;
  onClose: () => void;
}

/** Asks before a subscribed firm's plan or billing cycle changes (it is billed). */
export function ChangePlanModal({
  choice,
  currency,
  pending,
  onConfirm,
  onClose,
}: ChangePlanModalProps) {
  // Keeps the text while the modal closes after `choice` went back to null.
  const [shown, setShown] = useState(choice);
  if (choice && choice !== shown) setShown(choice);

  return (
    <Modal
      opened={choice !== null}
      onClose={() => {
        if (!pending) onClose();
      }}
      title="Change your plan"
      centered
    >
      {shown ? (
        <Stack gap="md">
          <Text size="sm">
            Switch your firm to the{' '}
            <Text span fw={700} inherit>
              {shown.plan.name}
            </Text>{' '}
            plan, billed {shown.cycle}, at{' '}
            <Text span fw={700} inherit>
              {formatMoney(shown.plan.prices[shown.cycle], currency)} per {PER_CYCLE[shown.cycle]}
            </Text>
            ?
          </Text>
          <Text size="sm" c="dimmed">
            The change applies straight away for everyone in your firm; the payment provider settles
            any difference.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Keep Current Plan
            </Button>
            <Button onClick={() => onConfirm(shown)} loading={pending}>
              Confirm Change
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
