import { MAPPABLE_COLUMNS, type FileFixesBody } from '@behavio/contract';
import { LIMITS, RowSink, type AcceptedRow, type RowProblem } from '../parse/index.js';

export interface ValidatedFixes {
  accepted: AcceptedRow[];
  /** Every problem of the rows still invalid, by their row numbers. */
  problems: RowProblem[];
  /** A refusal of the whole fix (a cell too long), as an upload would refuse the file. */
  failure: string | null;
}

/**
 * The corrected rows through the upload's own validator (RowSink): a header of our columns,
 * then each row under the number the problems name. Its first cell is that number, as in the
 * rejected-rows report (an extra column the validator ignores), so no row is ever blank.
 * `decimalComma` as the file was read (a semicolon-separated file writes "1,5").
 */
export async function validateFixes(
  rows: FileFixesBody['rows'],
  options: { decimalComma: boolean },
): Promise<ValidatedFixes> {
  const accepted: AcceptedRow[] = [];
  const problems: RowProblem[] = [];
  const sink = new RowSink({
    maxRows: rows.length,
    rowCap: null,
    previewRows: 0,
    batchSize: rows.length,
    copyText: true,
    decimalComma: options.decimalComma,
    maxColumns: LIMITS.maxColumns,
    maxCellChars: LIMITS.maxCellChars,
    sampleProblems: 0,
    onAccepted: (batch) => {
      accepted.push(...batch);
    },
    onRejected: (row) => {
      problems.push(...row.problems);
    },
  });
  sink.push(['row', ...MAPPABLE_COLUMNS], 1);
  for (const { row, values } of rows) {
    sink.push([String(row), ...MAPPABLE_COLUMNS.map((c) => values[c] ?? '')], row);
    if (sink.needsDrain) await sink.drain();
  }
  await sink.finish();
  return { accepted, problems, failure: sink.failure?.message ?? null };
}
