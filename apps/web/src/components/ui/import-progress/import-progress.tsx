import type { ImportProgress as Progress } from '@behavio/contract';
import { Progress as Bar, Stack, Text } from '@mantine/core';
import { formatCount } from '@/lib/display-rules';

/** The expected row count when it can be shown: an estimate, so not once the import is past it. */
function expectedOf({ rows_processed: processed, rows_expected: expected }: Progress) {
  return processed != null && expected != null && expected > 0 && processed <= expected
    ? expected
    : null;
}

/** "12,000 of 16,000 rows processed · 4,000 rows/s": how far a running import has got. */
export function importProgressText(progress: Progress): string {
  const processed = formatCount(progress.rows_processed ?? 0);
  const expected = expectedOf(progress);
  const counted =
    expected === null
      ? `${processed} rows processed`
      : `${processed} of ${formatCount(expected)} rows processed`;
  return progress.rows_per_second
    ? `${counted} · ${formatCount(progress.rows_per_second)} rows/s`
    : counted;
}

/**
 * A running import's progress (the file's tab on Datasets, the upload screen): a bar when the
 * file's row count is known, the rows read so far and the rate, as each poll brings them.
 * Nothing before the import starts reading (or from a server that does not say).
 */
export function ImportProgress({ progress }: { progress: Progress }) {
  const processed = progress.rows_processed;
  if (processed == null) return null;
  const expected = expectedOf(progress);
  const text = importProgressText(progress);
  return (
    <Stack gap={6} mt="xs">
      {expected === null ? null : (
        <Bar
          value={(processed / expected) * 100}
          size="md"
          radius="xl"
          aria-label="Import progress"
          aria-valuetext={text}
        />
      )}
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Stack>
  );
}
