import { CREDIT_FEATURES, UNLOCK_COST, type CreditFeatureKey } from '@behavio/contract';
import { Alert, Button, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { CREDITS_TEXT } from '../api/unlock-feature';
import { canAffordUnlock, creditsLabel } from '../utils/credit-rules';

export interface ConfirmUnlockModalProps {
  feature: CreditFeatureKey | null;
  credits: number | undefined;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * product-rules: Screens: 'Confirm Unlock' with the cost (10 credits) and the balance; Confirm is disabled
 * when credits are missing or below 10, and reads 'Unlocking...' while the call runs.
 */
export function ConfirmUnlockModal({
  feature,
  credits,
  pending,
  onConfirm,
  onClose,
}: ConfirmUnlockModalProps) {
  // What the dialog shows stays as it was while an unlock runs and while the dialog fades
  // out: the new balance would otherwise flash 'You need at least 10 credits' as it closes.
  const [shown, setShown] = useState({ feature, credits });
  if (feature !== null && !pending && (feature !== shown.feature || credits !== shown.credits)) {
    setShown({ feature, credits });
  }
  const affordable = canAffordUnlock(shown.credits);

  return (
    <Modal
      opened={feature !== null}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={CREDITS_TEXT.confirmUnlock}
      centered
    >
      {shown.feature ? (
        <Stack gap="md">
          <Text size="sm">
            Unlock{' '}
            <Text span fw={700} inherit>
              {CREDIT_FEATURES[shown.feature]}
            </Text>{' '}
            for this session?
          </Text>
          <Stack gap={8}>
            <Row label="Cost" value={creditsLabel(UNLOCK_COST)} />
            <Row
              label="Your balance"
              value={typeof shown.credits === 'number' ? creditsLabel(shown.credits) : 'Unknown'}
            />
            {affordable && typeof shown.credits === 'number' ? (
              <>
                <Divider />
                <Row
                  label="After unlocking"
                  value={creditsLabel(shown.credits - UNLOCK_COST)}
                  strong
                />
              </>
            ) : null}
          </Stack>
          {!affordable ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
              You need at least {UNLOCK_COST} credits to unlock this feature.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button
              onClick={onConfirm}
              disabled={!affordable || pending}
              leftSection={pending ? <Loader size={14} color="gray" /> : undefined}
            >
              {pending ? CREDITS_TEXT.unlocking : CREDITS_TEXT.confirmUnlock}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
