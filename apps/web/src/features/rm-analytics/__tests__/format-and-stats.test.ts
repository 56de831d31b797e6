import { describe, expect, it } from 'vitest';
import { sharePercent, titleCase } from '@/lib/display-rules';
import { formatBiasScore } from '@/lib/display-rules';
import { underscoresToSpaces } from '../utils/format';
import { filterById, filterByIdOrCountry, matchesIdOrCountry } from '../utils/search';
import { snoozeUntil } from '../utils/snooze';
import { bookStats, priorityStats } from '../utils/stats';

describe('formatting', () => {
  it.each([
    [0.814, '81%'],
    [0.5, '50%'],
    [0.005, '1%'],
    [1, '100%'],
    [0, '0%'],
  ])('confidence %s as %s (no decimals)', (value, text) => {
    expect(sharePercent(value)).toBe(text);
  });

  it('rewrites snake_case names', () => {
    expect(underscoresToSpaces('time_sensitivity')).toBe('time sensitivity');
    expect(titleCase('loss_aversion')).toBe('Loss Aversion');
    expect(titleCase('overconfidence')).toBe('Overconfidence');
    expect(titleCase('disposition_effect')).toBe('Disposition Effect');
  });

  it('formats bias scores with at most one decimal', () => {
    expect(formatBiasScore(62.54)).toBe('62.5');
    expect(formatBiasScore(80)).toBe('80');
  });
});

describe('stats', () => {
  it('My Customer Book: total, average risk (one decimal), high risk from 7', () => {
    const stats = bookStats([
      { risk_profile: 7 },
      { risk_profile: 6.99 },
      { risk_profile: 10 },
      { risk_profile: 2 },
    ]);
    expect(stats).toEqual({ total: 4, avgRisk: '6.5', highRisk: 2 });
    expect(bookStats([])).toEqual({ total: 0, avgRisk: '–', highRisk: 0 });
  });

  it('Who To Call and Priority Scores: total, average priority (2 decimals), high or urgent', () => {
    const stats = priorityStats([
      { priority_score: 9.1, urgency_level: 'urgent' },
      { priority_score: 6.2, urgency_level: 'high' },
      { priority_score: 4.33, urgency_level: 'medium' },
      { priority_score: 1, urgency_level: 'low' },
    ]);
    expect(stats).toEqual({ total: 4, avgPriority: '5.16', highUrgency: 2 });
    expect(priorityStats([])).toEqual({ total: 0, avgPriority: '0.00', highUrgency: 0 });
  });
});

describe('search', () => {
  const items = [
    { customer_id: 'CUST-001', country_iso: 'GBR' },
    { customer_id: 'cust-002', country_iso: 'DEU' },
    { customer_id: 'X-9', country_iso: 'gbr' },
  ];

  it('matches customer_id or country_iso case-insensitively as a substring', () => {
    expect(filterByIdOrCountry(items, 'cust').map((i) => i.customer_id)).toEqual([
      'CUST-001',
      'cust-002',
    ]);
    expect(filterByIdOrCountry(items, 'Gb').map((i) => i.customer_id)).toEqual(['CUST-001', 'X-9']);
    expect(filterByIdOrCountry(items, '  ')).toHaveLength(3);
    expect(matchesIdOrCountry(items[1]!, 'de')).toBe(true);
  });

  it('Priority Scores matches the customer id only', () => {
    expect(filterById(items, 'gbr')).toEqual([]);
    expect(filterById(items, '00').map((i) => i.customer_id)).toEqual(['CUST-001', 'cust-002']);
  });
});

describe('snoozeUntil', () => {
  it('adds days to today', () => {
    expect(snoozeUntil(1, new Date('2025-03-14T12:00:00Z'))).toBe('2025-03-15');
    expect(snoozeUntil(30, new Date('2025-12-15T12:00:00Z'))).toBe('2026-01-14');
  });

  it('never answers a date the server (UTC) would take for today', () => {
    // Whatever the local time zone, the answer is after the UTC date.
    const now = new Date('2025-03-14T23:30:00Z');
    expect(snoozeUntil(1, now) > '2025-03-14').toBe(true);
  });
});
