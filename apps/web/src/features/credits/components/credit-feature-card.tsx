import {
  CREDIT_FEATURES,
  UNLOCK_COST,
  type CreditFeatureKey,
  type FeatureData,
} from '@behavio/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconChartBar,
  IconCircleCheck,
  IconLock,
  IconLockOpen,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FeatureDataHeader } from '@/components/ui/feature-data-header/feature-data-header';
import { CREDITS_TEXT } from '../api/unlock-feature';

export const CREDIT_FEATURE_LOOK: Record<
  CreditFeatureKey,
  { description: string; includes: readonly string[]; icon: typeof IconChartBar }
> = {
  freeRoute1: {
    description: "Your firm's book at a glance.",
    includes: [
      'Customers, assigned and unassigned',
      'Risk level and behavioural segment mix',
      'Average priority score',
    ],
    icon: IconUsersGroup,
  },
  freeRoute2: {
    description: 'Where behavioural biases concentrate, and who to call first.',
    includes: [
      'How common each bias is across your customers',
      'The 10 customers with the highest priority',
      'The recommended action for each of them',
    ],
    icon: IconChartBar,
  },
};

export interface CreditFeatureCardProps {
  featureKey: CreditFeatureKey;
  /** The unlocked feature's data; undefined while locked. */
  data: FeatureData | undefined;
  onUnlock: () => void;
  /** Disabled while another unlock runs. */
  busy: boolean;
  renderFeatureData: (data: FeatureData) => ReactNode;
}

/** One credit-gated feature: locked with 'Unlock Feature', or unlocked with its data. */
export function CreditFeatureCard({
  featureKey,
  data,
  onUnlock,
  busy,
  renderFeatureData,
}: CreditFeatureCardProps) {
  const look = CREDIT_FEATURE_LOOK[featureKey];
  const headingId = `credit-${featureKey}-heading`;
  const badge = data ? (
    <Badge color="teal" variant="light" radius="sm" leftSection={<IconLockOpen size={12} />}>
      Unlocked
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" radius="sm" tt="none">
      {UNLOCK_COST} credits
    </Badge>
  );

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      padding="lg"
      bg="white"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack gap="md" style={{ flex: 1 }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={data ? 'teal' : 'brand'}>
            <look.icon size={22} />
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} fz={18} id={headingId}>
              {CREDIT_FEATURES[featureKey]}
            </Title>
            <Text size="sm" c="dimmed">
              {look.description}
            </Text>
            <Box mt={6}>{badge}</Box>
          </Stack>
        </Group>

        {data ? (
          <>
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={20} />}
              title={CREDITS_TEXT.unlocked}
              role="status"
            >
              Available for the rest of your session.
            </Alert>
            <Stack gap="md" component="section" aria-label={CREDITS_TEXT.featureData}>
              <FeatureDataHeader userId={data.userId} />
              {renderFeatureData(data)}
            </Stack>
          </>
        ) : (
          <>
            <Divider />
            <List
              spacing={6}
              size="sm"
              c="dimmed"
              style={{ flex: 1 }}
              icon={<IconLock size={14} color="var(--mantine-color-gray-5)" />}
            >
              {look.includes.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Button
              leftSection={<IconLockOpen size={18} />}
              onClick={onUnlock}
              disabled={busy}
              fullWidth
              size="md"
            >
              {CREDITS_TEXT.unlock}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
