import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The SQL zones of `eslint.sql-zones.js`, tried on small in-memory files: a query or Kysely's
 * `sql` outside a repository fails lint, and the same code in a repository passes.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const SQL_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The SQL-zone errors of `code` linted as if it were the file at `path`. */
async function sqlErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && SQL_RULES.has(m.ruleId))
    .map((m) => m.message);
}

/** A service reading another module's table, with the query builder and with raw SQL. */
const QUERYING = `import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

export const rmNames = (db: Executor, firmId: string) =>
  db.selectFrom('users').select('name').where('firm_id', '=', firmId).execute();
export const count = (db: Executor) => sql\`select 1\`.execute(db);
`;

describe('lint SQL zones', { timeout: 120_000 }, () => {
  it("server: a service querying tables (another module's users) fails", async () => {
    const errors = await sqlErrors('apps/server/src/modules/alerts/probe.service.ts', QUERYING);
    expect(errors).toEqual([
      expect.stringContaining('SQL lives in repositories'),
      expect.stringContaining('Queries live in repositories'),
    ]);
  });

  it('server: routes and other module files querying fail too', async () => {
    for (const path of [
      'apps/server/src/modules/admin/probe.routes.ts',
      'apps/server/src/modules/admin/probe-helper.ts',
      'apps/server/src/plugins/probe.ts',
    ]) {
      expect(await sqlErrors(path, QUERYING), path).toHaveLength(2);
    }
  });

  it('server: the same queries in a repository, src/db or a test pass', async () => {
    for (const path of [
      'apps/server/src/modules/alerts/probe.repository.ts',
      'apps/server/src/db/probe.ts',
      'apps/server/src/modules/alerts/probe.test.ts',
    ]) {
      expect(await sqlErrors(path, QUERYING), path).toEqual([]);
    }
  });
});
