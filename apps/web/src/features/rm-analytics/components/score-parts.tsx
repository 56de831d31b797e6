import { PRIORITY_MAX } from '@behavio/contract';
import {
  Badge,
  Group,
  Progress,
  RingProgress,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPriority, priorityColor, riskLabel, riskLabelColor } from '@/lib/display-rules';
import { PRIORITY_HELP } from '../utils/explanations';

/**
 * product-rules: Constants: gauge = score / 10 × 100 (also the bar "at 10x the score"), as a whole
 * percent: a bar's aria-valuenow is read out, and 65.99999999999999 is not a number to hear.
 */
export const priorityPercent = (score: number) =>
  Math.round(Math.min(100, Math.max(0, (score / PRIORITY_MAX) * 100)));

/** The 0-10 risk score with its label (Low, Medium, High, Very High). */
export function RiskLabelBadge({ score }: { score: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600}>
        {score}
      </Text>
      <Badge
        color={riskLabelColor(score)}
        variant="light"
        radius="sm"
        tt="none"
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {riskLabel(score)}
      </Badge>
    </Group>
  );
}

/** The explanation of one customer's priority: the model's `why`, then how the score works. */
export function PriorityWhy({ why }: { why: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm">{why}</Text>
      <Text size="xs" opacity={0.8}>
        {PRIORITY_HELP}
      </Text>
    </Stack>
  );
}

/** Wraps a score so its `why` shows on hover, focus or tap. */
export function WhyTooltip({
  why,
  label,
  children,
}: {
  why: string;
  /** Accessible name of the focusable score. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Tooltip
      label={<PriorityWhy why={why} />}
      multiline
      w={320}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <UnstyledButton aria-label={label} style={{ cursor: 'help' }}>
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}

/** Who To Call: the priority as a bar at 10x the score, with the score and its why. */
export function PriorityBar({ score, why }: { score: number; why: string }) {
  return (
    <WhyTooltip why={why} label={`Priority ${formatPriority(score)} out of 10`}>
      <Group gap="xs" wrap="nowrap" miw={110}>
        <Progress
          value={priorityPercent(score)}
          color={priorityColor(score)}
          size="lg"
          radius="xl"
          style={{ flex: 1 }}
          aria-label={`Priority ${formatPriority(score)} out of 10`}
        />
        <Text size="sm" fw={700} w={30} ta="right">
          {formatPriority(score)}
        </Text>
      </Group>
    </WhyTooltip>
  );
}

/** Customer Priority Scores: a circular gauge of the score out of 10, with its why. */
export function PriorityGauge({
  score,
  why,
  size = 60,
}: {
  score: number;
  why: string;
  size?: number;
}) {
  return (
    <WhyTooltip why={why} label={`Priority ${formatPriority(score)} out of 10`}>
      <RingProgress
        size={size}
        thickness={6}
        roundCaps
        sections={[{ value: priorityPercent(score), color: priorityColor(score) }]}
        label={
          <Text ta="center" size="xs" fw={700}>
            {formatPriority(score)}
          </Text>
        }
      />
    </WhyTooltip>
  );
}
