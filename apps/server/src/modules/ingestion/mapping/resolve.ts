import { MAPPABLE_COLUMNS, REQUIRED_COLUMNS, type ColumnMapping } from '@behavio/contract';
import { AppError } from '../../../errors/app-error.js';
import { columnNameOf } from '../parse/index.js';

const MAPPABLE = new Set<string>(MAPPABLE_COLUMNS);
export const isMappable = (name: string): boolean => MAPPABLE.has(name);

const invalid = (message: string) => new AppError('invalid_mapping', message);

/**
 * The mapping a file is imported with: the admin's choices, plus every column whose own name
 * is a header of the file that no choice took. Refuses (400, invalid_mapping) a column we do
 * not know, a header the file does not have, one header for two columns, and a required
 * column left without a header, naming each.
 */
export function resolveMapping(headers: readonly string[], chosen: ColumnMapping): ColumnMapping {
  const present = new Set(headers);
  const unknownColumns = Object.keys(chosen).filter((c) => !isMappable(c));
  if (unknownColumns.length > 0)
    throw invalid(`Unknown columns in the mapping: ${unknownColumns.join(', ')}`);
  const columnOf = new Map<string, string>();
  for (const [column, header] of Object.entries(chosen)) {
    if (!present.has(header)) throw invalid(`The file has no header "${header}" (for ${column})`);
    const other = columnOf.get(header);
    if (other !== undefined)
      throw invalid(`The header "${header}" is mapped to two columns: ${other} and ${column}`);
    columnOf.set(header, column);
  }
  const mapping: ColumnMapping = { ...chosen };
  for (const header of headers) {
    const name = columnNameOf(header);
    if (isMappable(name) && !(name in mapping) && !columnOf.has(header)) {
      mapping[name] = header;
      columnOf.set(header, name);
    }
  }
  const missing = REQUIRED_COLUMNS.map((c) => c.name).filter((c) => !(c in mapping));
  if (missing.length > 0)
    throw invalid(`Missing required columns after mapping: ${missing.join(', ')}`);
  return mapping;
}

/** The parser's view of a mapping: header text → column. */
export const headerToColumn = (mapping: ColumnMapping): ReadonlyMap<string, string> =>
  new Map(Object.entries(mapping).map(([column, header]) => [header, column]));
