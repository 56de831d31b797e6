import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Header cells never wrap: narrow screens scroll the table sideways instead. */
const HEADER_STYLES = { th: { whiteSpace: 'nowrap' } } as const;

export interface ScrollTableProps {
  /** The accessible name of the table. */
  label: string;
  /** Below this width the table scrolls sideways inside its card. */
  minWidth: number;
  /** Above this height the rows scroll, under a sticky header. */
  maxHeight?: number;
  /** Table.Thead and Table.Tbody. */
  children: ReactNode;
}

/**
 * The lists' table: row highlight on hover, roomy rows, scrolling rather than squeezing. The
 * scrolling box takes keyboard focus and is a named region, so a keyboard user can scroll it
 * with the arrow keys (WCAG 2.1.1) and a screen reader says what it holds.
 */
export function ScrollTable({ label, minWidth, maxHeight, children }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      type="native"
      tabIndex={0}
      role="region"
      // Named apart from the section around it (often titled like the table), so the page has
      // no two regions of one name.
      aria-label={`${label} table`}
    >
      <Table
        styles={HEADER_STYLES}
        stickyHeader={maxHeight !== undefined}
        highlightOnHover
        verticalSpacing="sm"
        aria-label={label}
      >
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
