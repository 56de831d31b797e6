import type { Customer } from '@behavio/contract';
import { fixed } from '@/lib/display-rules';

/** product-rules: Screens My Customer Book: a customer counts as high risk from this risk_profile up. */
export const HIGH_RISK_PROFILE = 7;

export interface BookStats {
  total: number;
  /** Mean risk_profile, one decimal ("5.4"); a dash for an empty book, which has no mean. */
  avgRisk: string;
  highRisk: number;
}

export function bookStats(customers: readonly Pick<Customer, 'risk_profile'>[]): BookStats {
  const total = customers.length;
  const sum = customers.reduce((acc, c) => acc + c.risk_profile, 0);
  return {
    total,
    avgRisk: total > 0 ? fixed(sum / total, 1) : '–',
    highRisk: customers.filter((c) => c.risk_profile >= HIGH_RISK_PROFILE).length,
  };
}

export interface PriorityStats {
  total: number;
  /** Mean priority_score, two decimals ("6.42"). */
  avgPriority: string;
  /** Urgency high or urgent. */
  highUrgency: number;
}

export function priorityStats(
  items: readonly { priority_score: number; urgency_level: string }[],
): PriorityStats {
  const total = items.length;
  const sum = items.reduce((acc, item) => acc + item.priority_score, 0);
  return {
    total,
    avgPriority: fixed(total > 0 ? sum / total : 0, 2),
    highUrgency: items.filter((item) => isHighUrgency(item.urgency_level)).length,
  };
}

export function isHighUrgency(level: string): boolean {
  return level === 'high' || level === 'urgent';
}
