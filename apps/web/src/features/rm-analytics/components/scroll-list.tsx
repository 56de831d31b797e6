import { Button, Center, ScrollArea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { LIST_MAX_HEIGHT } from './panel-parts';

/** Rows rendered at first and added each time the list is scrolled to its end. */
export const LIST_STEP = 100;

export interface ScrollListProps<T> {
  items: readonly T[];
  children: (visible: readonly T[]) => ReactNode;
  /** Unbounded height (e.g. a group inside a panel that already scrolls). */
  maxHeight?: number | null;
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
  step = LIST_STEP,
}: ScrollListProps<T>) {
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
