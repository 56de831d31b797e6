import { UNLOCK_COST, isPaidPlan } from '@behavio/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCoins, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getAppName } from '@/config/app-name';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { creditsLabel } from '../utils/credit-rules';

/**
 * A card for the dashboard leading to the premium features: on the free plan to the credit
 * unlock screen (/premium) with the balance; on pro or business straight to the paid screen
 * (/premium/full), where nothing costs credits.
 */
export function PremiumFeaturesLink() {
  const { data: user } = useUser();
  if (!user) return null;
  const paid = isPaidPlan(user.subscription);

  return (
    <Paper component="section" aria-label="Premium features" withBorder p="md" bg="white">
      <Group justify="space-between" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={42} radius="xl" variant="light" color={paid ? 'teal' : 'yellow'}>
            {paid ? <IconSparkles size={22} /> : <IconCoins size={22} />}
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>Premium features</Text>
            <Text size="sm" c="dimmed">
              {paid
                ? 'Included in your plan: book summary and advanced data insights.'
                : `${creditsLabel(user.credits)} · ${UNLOCK_COST} credits per feature`}
            </Text>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={paid ? paths.premiumFull : paths.premium}
          variant={paid ? 'filled' : 'light'}
          rightSection={<IconArrowRight size={16} />}
        >
          {paid ? `Open ${getAppName()} Premium` : 'Unlock Premium Features'}
        </Button>
      </Group>
    </Paper>
  );
}
