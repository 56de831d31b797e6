import {
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type ColumnKind,
  type CustomerRecord,
} from '@behavio/contract';

/**
 * A batch of validated customer rows packed for a scoring thread in two arrays instead of a
 * thousand objects: copying objects to a worker (structured clone) costs the parser's thread
 * about as much as scoring them, while a Float64Array is handed over without a copy and the few
 * texts are cheap to copy.
 *
 * Row after row, each in the column order below: the text columns' values in `texts`, every
 * other column's in `numbers` (a boolean as 1 or 0, an absent optional column as NaN, which no
 * validated value is).
 */
export interface PackedRecords {
  count: number;
  texts: string[];
  numbers: Float64Array<ArrayBuffer>;
}

const COLUMNS: readonly { name: string; kind: ColumnKind }[] = [
  ...REQUIRED_COLUMNS,
  ...OPTIONAL_COLUMNS,
];
const isText = (kind: ColumnKind) => kind === 'text' || kind === 'country';
const TEXT_COLUMNS = COLUMNS.filter((c) => isText(c.kind));
const NUMBER_COLUMNS = COLUMNS.filter((c) => !isText(c.kind));

type Value = CustomerRecord[keyof CustomerRecord];

const packNumber = (value: Value): number =>
  value === null ? NaN : typeof value === 'boolean' ? Number(value) : (value as number);

const unpackNumber = (value: number, kind: ColumnKind): Value =>
  Number.isNaN(value) ? null : kind === 'boolean' ? value === 1 : value;

export function packRecords(records: readonly CustomerRecord[]): PackedRecords {
  const texts: string[] = [];
  const numbers = new Float64Array(records.length * NUMBER_COLUMNS.length);
  let n = 0;
  for (const record of records) {
    const values = record as Record<string, Value>;
    for (const column of TEXT_COLUMNS) texts.push(values[column.name] as string);
    for (const column of NUMBER_COLUMNS) numbers[n++] = packNumber(values[column.name]!);
  }
  return { count: records.length, texts, numbers };
}

export function unpackRecords(packed: PackedRecords): CustomerRecord[] {
  const records: CustomerRecord[] = [];
  let t = 0;
  let n = 0;
  for (let row = 0; row < packed.count; row++) {
    const record: Record<string, Value> = {};
    for (const column of TEXT_COLUMNS) record[column.name] = packed.texts[t++]!;
    for (const column of NUMBER_COLUMNS)
      record[column.name] = unpackNumber(packed.numbers[n++]!, column.kind);
    records.push(record as CustomerRecord);
  }
  return records;
}
