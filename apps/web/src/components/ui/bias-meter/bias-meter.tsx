import { BIAS_SCORE_MAX } from '@behavio/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { biasBarColor, formatBiasScore, sharePercent } from '@/lib/display-rules';

export interface BiasMeterProps {
  /** The bias's name as shown (title-cased): the bar's accessible name. */
  name: string;
  score: number;
  confidence: number;
  /** What stands at the left of the score: the name, with help or as a heading. */
  label: ReactNode;
  /** Below the bar, e.g. the evidence behind the score. */
  children?: ReactNode;
}

/** A bias's score (out of 100, bar coloured by product-rules: Display rules) and confidence. */
export function BiasMeter({ name, score, confidence, label, children }: BiasMeterProps) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        {label}
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={700}>
            {formatBiasScore(score)}
          </Text>
          <Text size="xs" c="dimmed">
            {sharePercent(confidence)} confidence
          </Text>
        </Group>
      </Group>
      <Progress
        value={Math.round(Math.min(100, (score / BIAS_SCORE_MAX) * 100))}
        color={biasBarColor(score)}
        size="sm"
        radius="xl"
        aria-label={`${name} score`}
      />
      {children}
    </Stack>
  );
}
