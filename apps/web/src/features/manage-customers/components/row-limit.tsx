import { Button, Center } from '@mantine/core';
import { useState } from 'react';

/** Rows rendered at a time in the long lists (a book can hold thousands of customers). */
export const ROW_STEP = 200;

/** The first `ROW_STEP` rows, and a 'Show more' button for the rest. */
export function useRowLimit<T>(rows: readonly T[]) {
  const [limit, setLimit] = useState(ROW_STEP);
  const visible = rows.slice(0, limit);
  const hidden = rows.length - visible.length;
  const more =
    hidden > 0 ? (
      <Center pt="sm">
        <Button variant="default" size="xs" onClick={() => setLimit((n) => n + ROW_STEP)}>
          Show {Math.min(hidden, ROW_STEP)} more of {hidden}
        </Button>
      </Center>
    ) : null;
  return { visible, more, reset: () => setLimit(ROW_STEP) };
}
