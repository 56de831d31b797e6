import { Button, Center, ScrollArea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { LIST_MAX_HEIGHT } from './panel-parts';

/** Rows rendered at first and added each time the list is scrolled to its end. */
export const LIST_STEP = 100;
/**
 * The same on a phone. Its 600px list shows about five cards, and a card is several times the
 * DOM of a table row: 100 of them per list (five lists on Segments) took the phone 1.5-2x the
 * desktop's time to show a panel (docs/benchmarks.md, RM panels).
 */
export const PHONE_LIST_STEP = 20;

export interface ScrollListProps<T> {
  items: readonly T[];
  children: (visible: readonly T[]) => ReactNode;
  /** Unbounded height (e.g. a group inside a panel that already scrolls). */
  maxHeight?: number | null;
  /** Rows per step; LIST_STEP, or PHONE_LIST_STEP below the medium width. */
  step?: number;
}

/**
 * A list area that scrolls from 600px (product-rules: Constants) and renders a large book progressively: the
 * first `step` rows, then more whenever the end is reached (or 'Show more' is pressed), so a
 * book of thousands of customers stays responsive.
 */
export function ScrollList<T>({
  items,
  children,
  maxHeight = LIST_MAX_HEIGHT,
  step: requestedStep,
}: ScrollListProps<T>) {
  const isDesktop = useIsDesktop();
  const step = requestedStep ?? (isDesktop ? LIST_STEP : PHONE_LIST_STEP);
  const [limit, setLimit] = useState(step);
  const visible = items.length > limit ? items.slice(0, limit) : items;
  const remaining = items.length - visible.length;
  const showMore = () => setLimit((current) => current + step);
  const more =
    remaining > 0 ? (
      <Center py="sm">
        <Button variant="subtle" size="xs" onClick={showMore}>
          Show more ({remaining.toLocaleString('en-US')} more)
        </Button>
      </Center>
    ) : null;

  if (maxHeight === null) {
    return (
      <>
        {children(visible)}
        {more}
      </>
    );
  }
  return (
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      offsetScrollbars="y"
      // Reachable by keyboard, so the arrow keys scroll it (WCAG 2.1.1).
      viewportProps={{ tabIndex: 0 }}
      onBottomReached={remaining > 0 ? showMore : undefined}
    >
      {children(visible)}
      {more}
    </ScrollArea.Autosize>
  );
}
