import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedRows } from './expected-rows.js';

const dir = mkdtempSync(path.join(tmpdir(), 'behavio-expected-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fileOf = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

describe('expectedRows', () => {
  it("counts a CSV's lines after the header, with or without a last line break", async () => {
    expect(await expectedRows(fileOf('a.csv', 'id\r\n1\r\n2\r\n3\r\n'), 'csv')).toBe(3);
    expect(await expectedRows(fileOf('b.csv', 'id\n1\n2\n3'), 'csv')).toBe(3);
    expect(await expectedRows(fileOf('c.csv', 'id\n'), 'csv')).toBe(0);
    expect(await expectedRows(fileOf('d.csv', ''), 'csv')).toBe(0);
  });

  it('reads a file larger than one chunk of the stream', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `C-${i},${i % 90}`).join('\n');
    expect(await expectedRows(fileOf('big.csv', `id,age\n${rows}\n`), 'csv')).toBe(50_000);
  });

  it('says nothing for a spreadsheet', async () => {
    expect(await expectedRows(fileOf('a.xlsx', Buffer.from('PK\u0003\u0004')), 'xlsx')).toBeNull();
  });
});
