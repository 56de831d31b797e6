import type { CustomerRecord } from '@behavio/contract';
import { scoreCustomerCompact } from '@behavio/insights';
import { CopyLines } from '../copy-lines.js';
import { copyEscape, insightsCopyText } from '../insight-columns.js';

/**
 * A batch of validated rows scored, as the COPY lines of an import's insights load table: the
 * customer_id, then the insight columns (INSIGHT_COLUMNS), one line per row, in the rows' order.
 * What a scoring thread runs, and the import's own thread when it scores in-thread.
 */
export function insightLines(records: readonly CustomerRecord[]): Buffer {
  const lines = new CopyLines(records.length * 600);
  for (const record of records)
    lines.push(
      `${copyEscape(record.customer_id)}\t${insightsCopyText(scoreCustomerCompact(record))}`,
    );
  return lines.bytes();
}
