import { Badge } from '@mantine/core';
import { formatPriority, priorityColor, riskProfileColor, urgencyColor } from '../utils/display';

/** Risk profile in the directory and book lists: above 7 red, above 4 orange, else green. */
export function RiskProfileBadge({ value }: { value: number }) {
  return (
    <Badge color={riskProfileColor(value)} variant="light" radius="sm" size="lg" tt="none">
      {value}
    </Badge>
  );
}

export function UrgencyBadge({ level }: { level: string }) {
  return (
    <Badge color={urgencyColor(level)} variant="light" radius="sm">
      {level}
    </Badge>
  );
}

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
      {formatPriority(score)}
    </Badge>
  );
}
