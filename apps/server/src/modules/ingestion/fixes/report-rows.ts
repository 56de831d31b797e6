import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import {
  MAPPABLE_COLUMNS,
  csvLine,
  unescapeFormula,
  type FixableRow,
  type RowProblem,
} from '@behavio/contract';
import { columnNameOf } from '../parse/index.js';

/*
 * Reading a stored rejected-rows report back (rejected-report.ts writes it): `row`, the file's
 * columns, `reason`. The cells are the file's own; the reason is every problem as
 * "column: reason", joined by "; ". Streamed: a report of a million rows is never in memory.
 */

const MAPPABLE = new Set<string>(MAPPABLE_COLUMNS);

/** The report's records, header first, as text cells. */
async function* records(source: Readable): AsyncGenerator<string[]> {
  const parser = source.pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: true }));
  source.on('error', (error) => parser.destroy(error));
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } finally {
    source.destroy();
  }
}

/** The problems a reason cell lists; a "; " inside a reason stays in that reason. */
export function problemsOf(row: number, reason: string, valueOf: (column: string) => string) {
  const problems: RowProblem[] = [];
  for (const part of reason.split('; ')) {
    const colon = part.indexOf(': ');
    const last = problems[problems.length - 1];
    if (colon < 0 && last) {
      last.reason += `; ${part}`;
      continue;
    }
    const column = colon < 0 ? '(row)' : part.slice(0, colon);
    problems.push({ row, column, value: valueOf(column), reason: part.slice(colon + 2) });
  }
  return problems;
}

/** Our column each cell of the report holds (null: the row number, the reason, an extra column). */
function layoutOf(header: string[]): (string | null)[] {
  return header.map((cell, i) => {
    if (i === 0 || i === header.length - 1) return null;
    const name = columnNameOf(cell);
    return MAPPABLE.has(name) ? name : null;
  });
}

function toFixable(cells: string[], layout: (string | null)[]): FixableRow {
  const row = Number(cells[0]);
  const values: Record<string, string> = {};
  for (const column of MAPPABLE_COLUMNS) values[column] = '';
  layout.forEach((column, i) => {
    if (column) values[column] = unescapeFormula(cells[i] ?? '');
  });
  const reason = cells[layout.length - 1] ?? '';
  return { row, values, problems: problemsOf(row, reason, (c) => values[c] ?? '') };
}

/**
 * The rejected rows still waiting for a fix (those in `fixed` are skipped: fixed since the
 * report was written), `limit` from `offset`, and whether `wanted` rows are among them.
 */
export async function readRejectedRows(
  source: Readable,
  select: { fixed: ReadonlySet<number> } & (
    { offset: number; limit: number } | { wanted: ReadonlySet<number> }
  ),
): Promise<FixableRow[]> {
  const found: FixableRow[] = [];
  let layout: (string | null)[] | null = null;
  let skip = 'offset' in select ? select.offset : 0;
  for await (const cells of records(source)) {
    if (layout === null) {
      layout = layoutOf(cells);
      continue;
    }
    const row = Number(cells[0]);
    if (select.fixed.has(row)) continue;
    if ('wanted' in select) {
      if (select.wanted.has(row)) found.push(toFixable(cells, layout));
      if (found.length === select.wanted.size) break;
      continue;
    }
    if (skip > 0) {
      skip--;
      continue;
    }
    found.push(toFixable(cells, layout));
    if (found.length >= select.limit) break;
  }
  return found;
}

/** The report without the rows in `fixed`, written as it was (the contract's csvLine). */
export async function* reportWithout(
  source: Readable,
  fixed: ReadonlySet<number>,
): AsyncGenerator<string> {
  let header = true;
  for await (const cells of records(source)) {
    if (!header && fixed.has(Number(cells[0]))) continue;
    header = false;
    yield `${csvLine(cells)}\r\n`;
  }
}

/**
 * Rewrites the report at `target` without the fixed rows: written beside it, then renamed over
 * it, so a reader never sees half a report.
 */
export async function rewriteReport(
  source: Readable,
  target: string,
  fixed: ReadonlySet<number>,
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.tmp`;
  const out = createWriteStream(temporary);
  try {
    for await (const line of reportWithout(source, fixed))
      if (!out.write(line)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    await rename(temporary, target);
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}
