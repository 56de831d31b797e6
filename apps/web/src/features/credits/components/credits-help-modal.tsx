import { NO_CREDITS_THRESHOLD, STARTING_CREDITS, UNLOCK_COST } from '@behavio/contract';
import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { CREDITS_TEXT } from '../api/unlock-feature';

/** What the 'Learn How Credits Work' dialog explains (product-rules: Product, §2, §5, §9). */
export const CREDIT_RULES = [
  `Every new account starts with ${STARTING_CREDITS} free credits.`,
  `Unlocking a premium feature costs ${UNLOCK_COST} credits.`,
  'Unlocks last for your current session: after a reload or a logout you may need to unlock a feature again.',
  `With ${NO_CREDITS_THRESHOLD} credits or fewer, unlocking stops: subscribe to continue.`,
  'The Pro and Business plans include every premium feature without spending credits.',
] as const;

export function CreditsHelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="How Credits Work" centered>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Credits let you open premium insights one at a time, without a subscription.
        </Text>
        <List
          spacing="sm"
          size="sm"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" color="yellow">
              <IconCoins size={13} />
            </ThemeIcon>
          }
        >
          {CREDIT_RULES.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>{CREDITS_TEXT.gotIt}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
