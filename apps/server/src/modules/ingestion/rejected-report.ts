import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { csvLine } from '@behavio/contract';
import type { RejectedRow } from './parse/index.js';

/**
 * Every rejected row as CSV: the row number, its original cells and the reasons. Text that a
 * spreadsheet would run as a formula (= + - @ …) is escaped, so opening the report is safe;
 * numbers, negative ones included, are written as they are, so the user can fix the flagged
 * cells and upload the report itself (the import ignores its `row` and `reason` columns and
 * reads an escaped cell back as the text it was). The contract's csvLine, like every CSV export.
 */
export class RejectedReport {
  private stream: WriteStream | undefined;
  private header: string[] = [];

  constructor(private readonly file: string) {}

  setHeader(columns: string[]): void {
    this.header = columns;
  }

  async add(row: RejectedRow): Promise<void> {
    if (!this.stream) {
      await mkdir(path.dirname(this.file), { recursive: true });
      this.stream = createWriteStream(this.file);
      this.stream.write(`${csvLine(['row', ...this.header, 'reason'])}\r\n`);
    }
    const reason = row.problems.map((p) => `${p.column}: ${p.reason}`).join('; ');
    if (!this.stream.write(`${csvLine([row.row, ...row.values, reason])}\r\n`)) {
      await once(this.stream, 'drain');
    }
  }

  /** True when at least one row was written. */
  async close(): Promise<boolean> {
    if (!this.stream) return false;
    this.stream.end();
    await once(this.stream, 'finish');
    return true;
  }
}
