import { describe, expect, it } from 'vitest';
import {
  biasBarColor,
  fixed,
  formatCell,
  formatPriority,
  formatRelativeTime,
  formatShortDate,
  jobStatusColor,
  percentOf,
  priorityColor,
  riskLabel,
  riskLabelColor,
  riskProfileColor,
  riskRankingBadgeColor,
  roleColor,
  roundPercentOf,
  uploadPreviewRiskColor,
  urgencyColor,
} from '../display-rules';

describe('colours of product-rules: Display rules', () => {
  it.each([
    ['urgent', 'red'],
    ['high', 'red'],
    ['HIGH', 'red'],
    ['medium', 'orange'],
    ['moderate', 'orange'],
    ['low', 'green'],
    ['', 'green'],
    ['unknown', 'green'],
  ])(
    'urgency %s → %s (urgent or high red; medium or moderate orange; otherwise green)',
    (level, color) => {
      expect(urgencyColor(level)).toBe(color);
    },
  );

  it.each([
    [0, 'Low', 'green'],
    [3, 'Low', 'green'],
    [3.01, 'Medium', 'yellow'],
    [6, 'Medium', 'yellow'],
    [6.01, 'High', 'orange'],
    [8, 'High', 'orange'],
    [8.01, 'Very High', 'red'],
    [10, 'Very High', 'red'],
  ])('risk score %s → %s (%s) (3, 6, 8 bands)', (score, label, color) => {
    expect(riskLabel(score)).toBe(label);
    expect(riskLabelColor(score)).toBe(color);
  });

  it.each([
    [10, 'red'],
    [8, 'red'],
    [7.99, 'orange'],
    [6, 'orange'],
    [5.99, 'yellow'],
    [4, 'yellow'],
    [3.99, 'green'],
    [0, 'green'],
  ])(
    'priority %s → %s (8 or more red; 6 or more orange; 4 or more yellow; else green)',
    (score, color) => {
      expect(priorityColor(score)).toBe(color);
    },
  );

  it('shows a priority with the two decimals its colour is decided on', () => {
    // One decimal would show 7.96 as "8.0" in orange and 5.97 as "6.0" in yellow.
    expect([formatPriority(7.96), priorityColor(7.96)]).toEqual(['7.96', 'orange']);
    expect([formatPriority(5.97), priorityColor(5.97)]).toEqual(['5.97', 'yellow']);
    expect(formatPriority(8)).toBe('8.00');
  });

  it.each([
    ['HIGH', 'red'],
    ['high', 'red'],
    ['MEDIUM', 'orange'],
    ['medium', 'orange'],
    ['LOW', 'green'],
    ['low', 'green'],
    ['VERY HIGH', 'gray'],
    ['', 'gray'],
  ])(
    'risk ranking badge %s → %s (HIGH red, MEDIUM orange, LOW green, otherwise gray)',
    (level, color) => {
      expect(riskRankingBadgeColor(level)).toBe(color);
    },
  );

  it.each([
    [100, 'red'],
    [80.01, 'red'],
    [80, 'orange'],
    [60.01, 'orange'],
    [60, 'yellow'],
    [0, 'yellow'],
  ])('bias bar %s → %s (above 80 red; above 60 orange; else yellow)', (score, color) => {
    expect(biasBarColor(score)).toBe(color);
  });

  it.each([
    [10, 'red'],
    [8, 'red'],
    [7.5, 'red'],
    [7, 'orange'],
    [5, 'orange'],
    [4.5, 'orange'],
    [4, 'green'],
    [1, 'green'],
  ])(
    'risk profile %s in the lists → %s (above 7 red, above 4 orange, else green)',
    (value, color) => {
      expect(riskProfileColor(value)).toBe(color);
    },
  );

  it.each([
    [10, 'red'],
    [7, 'red'],
    [6.99, 'yellow'],
    [4, 'yellow'],
    [3.99, 'green'],
    [0, 'green'],
  ])(
    'risk profile %s in the upload preview → %s (7 or more red, 4 or more yellow, else green)',
    (value, color) => {
      expect(uploadPreviewRiskColor(value)).toBe(color);
    },
  );

  it.each([
    ['completed', 'green.9'],
    ['failed', 'red.9'],
    ['processing', 'yellow.5'],
    ['queued', 'blue.8'],
  ])('job status %s → %s', (status, color) => {
    expect(jobStatusColor(status)).toBe(color);
  });

  it.each([
    ['admin', 'violet'],
    ['rm', 'pink'],
    ['compliance', 'blue'],
    ['head', 'orange'],
    ['view', 'green'],
    ['owner', 'gray'],
  ])('role %s → %s', (role, color) => {
    expect(roleColor(role)).toBe(color);
  });
});

describe('formats', () => {
  it('shows dates as short month, day, year', () => {
    expect(formatShortDate('2025-03-14T12:00:00.000Z')).toBe('Mar 14, 2025');
    expect(formatShortDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatShortDate('not a date')).toBe('-');
    expect(formatShortDate(null)).toBe('-');
  });

  it('says how long ago a time was, in its largest whole unit', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(formatRelativeTime('2026-11-26T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-26T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-26T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-25T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-12T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatRelativeTime('not a date', now)).toBe('not a date');
  });

  it('formats percentages of a whole with one decimal', () => {
    expect(percentOf(1, 3)).toBe('33.3%');
    expect(percentOf(2, 3)).toBe('66.7%');
    expect(percentOf(5, 5)).toBe('100.0%');
    expect(percentOf(0, 0)).toBe('0.0%');
  });

  it('formats percentages of a whole rounded to a whole percent', () => {
    expect(roundPercentOf(1, 3)).toBe('33%');
    expect(roundPercentOf(2, 3)).toBe('67%');
    expect(roundPercentOf(5, 5)).toBe('100%');
    expect(roundPercentOf(0, 0)).toBe('0%');
  });

  it('formats fixed decimals', () => {
    expect(fixed(6.846, 2)).toBe('6.85');
    expect(fixed(7.5, 2)).toBe('7.50');
    expect(fixed(Number.NaN, 1)).toBe('0.0');
  });

  it.each([
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    [true, 'Yes'],
    [false, 'No'],
    [1234.5, (1234.5).toLocaleString()],
    ['GBR', 'GBR'],
  ])('shows the file cell %s as %s', (value, text) => {
    expect(formatCell(value)).toBe(text);
  });
});
