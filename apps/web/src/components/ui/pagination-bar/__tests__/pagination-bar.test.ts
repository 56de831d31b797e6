import { describe, expect, it } from 'vitest';
import { pageSummary } from '../pagination-bar';

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

  it('names what the list counts', () => {
    expect(pageSummary(2, 20, 45, 'events')).toEqual({
      range: 'Showing 21 to 40 of 45 events',
      page: 'Page 2 of 3',
    });
  });
});
