import type { BillingCycle, PlanOffer } from '@behavio/contract';
import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDiscount } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SUBSCRIPTION_TEXT } from '../api/subscription';
import { formatMoney } from '@/lib/display-rules';
import { PER_CYCLE, savingsText } from '../utils/format';

export interface PlanCardProps {
  plan: PlanOffer;
  cycle: BillingCycle;
  currency: string;
  /** The firm's plan and cycle: shows the Current Plan badge. */
  current: boolean;
  /** The firm has this plan on the other cycle. */
  currentOtherCycle?: BillingCycle | null;
  action?: ReactNode;
}

/** One plan (Pro or Business) with its price for the chosen cycle, savings and features. */
export function PlanCard({
  plan,
  cycle,
  currency,
  current,
  currentOtherCycle,
  action,
}: PlanCardProps) {
  const savings = savingsText(plan, cycle, currency);
  const headingId = `plan-${plan.id}-heading`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      padding="lg"
      bg="white"
      style={{
        borderColor: current ? 'var(--mantine-color-brand-6)' : undefined,
        borderWidth: current ? 2 : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack gap="md" style={{ flex: 1 }}>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Title order={3} id={headingId} fz={22}>
              {plan.name}
            </Title>
            {current ? (
              <Badge color="brand" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
                {SUBSCRIPTION_TEXT.currentPlan}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        </Stack>

        <Stack gap={6}>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text fz={38} fw={800} lh={1} c="brand.9">
              {formatMoney(plan.prices[cycle], currency)}
            </Text>
            <Text c="dimmed" fw={500}>
              / {PER_CYCLE[cycle]}
            </Text>
          </Group>
          {savings ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconDiscount
                size={16}
                style={{ flexShrink: 0, marginTop: 2 }}
                color="var(--mantine-color-teal-7)"
              />
              <Text size="sm" c="teal" fw={600}>
                {savings}
              </Text>
            </Group>
          ) : null}
          {currentOtherCycle ? (
            <Text size="xs" c="dimmed">
              Your firm has this plan, billed {currentOtherCycle}.
            </Text>
          ) : null}
        </Stack>

        <List
          spacing={8}
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={13} stroke={2.5} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>

        {action}
      </Stack>
    </Card>
  );
}
