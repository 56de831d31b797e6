import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './database.js';

/**
 * `db/schema.ts` (the `Database` type every query is checked against) read by the TypeScript
 * compiler, compared with the migrated database: the same tables, the same columns, each column
 * nullable in both or in neither, and of a matching kind (text as a string, a timestamp as a
 * Date...). Types are erased at run time, hence the compiler. A firm-partitioned table
 * (docs/decisions/0003) is compared as its parent; its partitions are not tables of their own.
 */

/** What a column reads as in TypeScript, or what a PostgreSQL type may read as. */
type Kind = 'string' | 'number' | 'boolean' | 'date' | 'array' | 'json' | 'object';

interface SchemaColumn {
  kinds: Set<Kind>;
  /** Undefined when the type cannot say (`unknown`: a JSON value of any shape). */
  nullable: boolean | undefined;
}

/** What the pg and PGlite drivers answer for each PostgreSQL type the migrations use. */
const KINDS_OF: Record<string, readonly Kind[]> = {
  text: ['string'],
  uuid: ['string'],
  'character varying': ['string'],
  character: ['string'],
  integer: ['number'],
  smallint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  // int8 and numeric: pg answers a string (it may not fit a double), PGlite a number.
  bigint: ['string', 'number'],
  numeric: ['string', 'number'],
  boolean: ['boolean'],
  'timestamp with time zone': ['date'],
  'timestamp without time zone': ['date'],
  // A calendar date: a Date from the drivers' default parser, or its text where set as such.
  date: ['date', 'string'],
  ARRAY: ['array'],
  jsonb: ['json', 'array', 'object', 'string', 'number', 'boolean'],
  json: ['json', 'array', 'object', 'string', 'number', 'boolean'],
  bytea: ['object'],
};

/** Tables that are not the app's data: Kysely's record of the migrations it applied. */
const NOT_IN_SCHEMA = new Set(['kysely_migration', 'kysely_migration_lock']);

function kindOf(checker: ts.TypeChecker, type: ts.Type): Kind | 'null' | 'undefined' {
  const { flags } = type;
  if (flags & ts.TypeFlags.Null) return 'null';
  if (flags & ts.TypeFlags.Undefined) return 'undefined';
  if (flags & ts.TypeFlags.StringLike) return 'string';
  if (flags & ts.TypeFlags.NumberLike) return 'number';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'json';
  if (checker.isArrayType(type) || checker.isTupleType(type)) return 'array';
  if (type.getSymbol()?.getName() === 'Date') return 'date';
  return 'object';
}

/** Every table of the `Database` interface and, per column, what a select answers. */
function schemaTables(): Map<string, Map<string, SchemaColumn>> {
  const schemaFile = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const configFile = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram([schemaFile], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const declaration = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!declaration) throw new Error('db/schema.ts declares no Database interface');
  const database = checker.getTypeAtLocation(declaration.name);

  const tables = new Map<string, Map<string, SchemaColumn>>();
  for (const table of checker.getPropertiesOfType(database)) {
    const columns = new Map<string, SchemaColumn>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      let type = checker.getTypeOfSymbol(column);
      // ColumnType<Select, Insert, Update> and Generated<T>: what a select answers.
      const selected = type.getProperty('__select__');
      if (selected) type = checker.getTypeOfSymbol(selected);
      const parts = type.isUnion() ? type.types : [type];
      const kinds = parts.map((part) => kindOf(checker, part));
      const valueKinds = kinds.filter((k): k is Kind => k !== 'null' && k !== 'undefined');
      columns.set(column.getName(), {
        kinds: new Set(valueKinds),
        nullable: valueKinds.includes('json') ? undefined : kinds.includes('null'),
      });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

/** The differences between the schema's tables and the database's, one line each. */
function differences(
  schema: Map<string, Map<string, SchemaColumn>>,
  database: DatabaseColumn[],
): string[] {
  const found: string[] = [];
  const tablesInDatabase = new Set(database.map((c) => c.table_name));
  for (const table of schema.keys())
    if (!tablesInDatabase.has(table)) found.push(`${table}: in schema.ts, not in the database`);
  for (const table of tablesInDatabase)
    if (!schema.has(table)) found.push(`${table}: in the database, not in schema.ts`);

  for (const column of database) {
    const columns = schema.get(column.table_name);
    if (!columns) continue;
    const name = `${column.table_name}.${column.column_name}`;
    const typed = columns.get(column.column_name);
    if (!typed) {
      found.push(`${name}: in the database, not in schema.ts`);
      continue;
    }
    const accepted = KINDS_OF[column.data_type];
    if (!accepted) found.push(`${name}: PostgreSQL type ${column.data_type} unknown to this test`);
    else if ([...typed.kinds].some((kind) => !accepted.includes(kind)) || typed.kinds.size === 0)
      found.push(`${name}: ${column.data_type} typed as ${[...typed.kinds].join(' | ')}`);
    const nullable = column.is_nullable === 'YES';
    if (typed.nullable !== undefined && typed.nullable !== nullable)
      found.push(
        `${name}: ${nullable ? 'nullable' : 'not null'}, typed ${typed.nullable ? 'with' : 'without'} null`,
      );
  }
  for (const [table, columns] of schema) {
    const inDatabase = new Set(
      database.filter((c) => c.table_name === table).map((c) => c.column_name),
    );
    if (!tablesInDatabase.has(table)) continue;
    for (const column of columns.keys())
      if (!inDatabase.has(column))
        found.push(`${table}.${column}: in schema.ts, not in the database`);
  }
  return found.sort();
}

let handle: DatabaseHandle;
let database: DatabaseColumn[];
let schema: Map<string, Map<string, SchemaColumn>>;
beforeAll(async () => {
  schema = schemaTables();
  handle = await createTestDatabase();
  // The tables of the app's schema (plain and partitioned parents, not partitions) and their
  // columns, as information_schema describes them.
  const { rows } = await sql<DatabaseColumn>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable
    from information_schema.columns c
    join pg_catalog.pg_namespace n on n.nspname = c.table_schema
    join pg_catalog.pg_class t on t.relnamespace = n.oid and t.relname = c.table_name
    where c.table_schema = current_schema()
      and t.relkind in ('r', 'p')
      and not t.relispartition
    order by c.table_name, c.ordinal_position`.execute(handle.db);
  database = rows.filter((c) => !NOT_IN_SCHEMA.has(c.table_name));
});
afterAll(() => handle.close());

describe('db/schema.ts', { timeout: 60_000 }, () => {
  it('has every table and column of the migrated database, nullable and typed as it is', () => {
    expect(schema.size).toBeGreaterThan(20);
    expect(differences(schema, database)).toEqual([]);
  });

  it('notices a column missing from schema.ts, and one the database lacks', () => {
    const firms = new Map(schema.get('firms'));
    firms.delete('calls_per_day');
    firms.set('motto', { kinds: new Set(['string']), nullable: false });
    expect(differences(new Map(schema).set('firms', firms), database)).toEqual([
      'firms.calls_per_day: in the database, not in schema.ts',
      'firms.motto: in schema.ts, not in the database',
    ]);
  });
});
