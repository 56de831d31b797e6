import { describe, expect, it } from 'vitest';
import { pageSummary, priorityColor, riskProfileColor, urgencyColor } from '../utils/display';

describe('pageSummary', () => {
  it.each([
    [1, 25, 60, 'Showing 1 to 25 of 60 customers', 'Page 1 of 3'],
    [2, 25, 60, 'Showing 26 to 50 of 60 customers', 'Page 2 of 3'],
    [3, 25, 60, 'Showing 51 to 60 of 60 customers', 'Page 3 of 3'],
    [1, 25, 25, 'Showing 1 to 25 of 25 customers', 'Page 1 of 1'],
    [1, 25, 0, 'Showing 0 to 0 of 0 customers', 'Page 1 of 1'],
    [9, 25, 60, 'Showing 51 to 60 of 60 customers', 'Page 3 of 3'],
  ])('page %i of size %i over %i', (page, size, total, range, pageText) => {
    expect(pageSummary(page, size, total)).toEqual({ range, page: pageText });
  });
});

describe('colours of spec §4', () => {
  it.each([
    [8, 'red'],
    [7.5, 'red'],
    [7, 'orange'],
    [5, 'orange'],
    [4, 'green'],
    [1, 'green'],
  ])('risk profile %d is %s', (value, colour) => {
    expect(riskProfileColor(value)).toBe(colour);
  });

  it.each([
    ['urgent', 'red'],
    ['high', 'red'],
    ['medium', 'orange'],
    ['moderate', 'orange'],
    ['low', 'green'],
  ])('urgency %s is %s', (level, colour) => {
    expect(urgencyColor(level)).toBe(colour);
  });

  it.each([
    [8, 'red'],
    [6, 'orange'],
    [4, 'yellow'],
    [3.99, 'green'],
  ])('priority %d is %s', (score, colour) => {
    expect(priorityColor(score)).toBe(colour);
  });
});
