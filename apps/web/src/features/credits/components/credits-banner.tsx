import { UNLOCK_COST } from '@behavio/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { CREDITS_TEXT } from '../api/unlock-feature';
import { CreditsHelpModal } from './credits-help-modal';

/** product-rules: Screens: the credits banner with the balance and 'Learn How Credits Work'. */
export function CreditsBanner({ credits }: { credits: number | undefined }) {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Paper
      component="section"
      aria-label="Your credits"
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      style={{
        background:
          'linear-gradient(120deg, var(--mantine-color-brand-8), var(--mantine-color-brand-6))',
        color: 'white',
      }}
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" color="yellow" variant="filled">
            <IconCoins size={28} color="var(--mantine-color-yellow-9)" />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="sm" fw={500} style={{ opacity: 0.85 }}>
              Your credits
            </Text>
            <Text fz={32} fw={800} lh={1.15} data-testid="credit-balance">
              {typeof credits === 'number' ? credits.toLocaleString('en-US') : '–'}
            </Text>
            <Text size="sm" style={{ opacity: 0.85 }}>
              Each premium feature costs {UNLOCK_COST} credits.
            </Text>
          </Stack>
        </Group>
        <Button
          variant="white"
          color="brand"
          leftSection={<IconHelpCircle size={18} />}
          onClick={() => setHelpOpen(true)}
        >
          {CREDITS_TEXT.learnHow}
        </Button>
      </Group>
      <CreditsHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Paper>
  );
}
