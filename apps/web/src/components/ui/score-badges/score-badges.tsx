import { Badge } from '@mantine/core';
import {
  fixed,
  priorityColor,
  riskProfileColor,
  riskRankingBadgeColor,
  urgencyColor,
} from '@/lib/display-rules';

/** Risk profile in the directory and book lists: above 7 red, above 4 orange, else green. */
export function RiskProfileBadge({ value }: { value: number }) {
  return (
    <Badge color={riskProfileColor(value)} variant="light" radius="sm" size="lg" tt="none">
      {value}
    </Badge>
  );
}

export function UrgencyBadge({ level, suffix = '' }: { level: string; suffix?: string }) {
  return (
    <Badge color={urgencyColor(level)} variant="light" radius="sm">
      {`${level}${suffix}`}
    </Badge>
  );
}

/** The priority score with two decimals ("7.25") on its colour. */
export function PriorityBadge({ score }: { score: number }) {
  return (
    <Badge
      color={priorityColor(score)}
      variant="filled"
      autoContrast
      radius="sm"
      size="lg"
      tt="none"
    >
      {fixed(score, 2)}
    </Badge>
  );
}

/** Risk ranking badge (HIGH, MEDIUM, LOW). */
export function RiskLevelBadge({ level, suffix = '' }: { level: string; suffix?: string }) {
  return (
    <Badge color={riskRankingBadgeColor(level)} variant="filled" radius="sm">
      {`${level}${suffix}`.toUpperCase()}
    </Badge>
  );
}
