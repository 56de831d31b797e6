import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import Papa from 'papaparse';
import type { RejectedRow } from './parse/index.js';

/**
 * Every rejected row as CSV: the row number, its original cells and the reasons. Cells that a
 * spreadsheet would run as a formula (= + - @ …) are escaped, so opening the report is safe.
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
      this.stream.write(`${this.line(['row', ...this.header, 'reason'])}\r\n`);
    }
    const reason = row.problems.map((p) => `${p.column}: ${p.reason}`).join('; ');
    if (!this.stream.write(`${this.line([String(row.row), ...row.values, reason])}\r\n`)) {
      await once(this.stream, 'drain');
    }
  }

  private line(cells: string[]): string {
    return Papa.unparse([cells], { escapeFormulae: true, newline: '\r\n' });
  }

  /** True when at least one row was written. */
  async close(): Promise<boolean> {
    if (!this.stream) return false;
    this.stream.end();
    await once(this.stream, 'finish');
    return true;
  }
}
