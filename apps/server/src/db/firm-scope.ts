import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Executor } from './executor.js';
import { checkFirmScope } from './firm-scope-check.js';
import type { Database } from './schema.js';

export { UnscopedQueryError } from './firm-scope-check.js';

/*
 * Every query of a firm's data names its firm, enforced rather than remembered (issue 35,
 * docs/decisions/0008-tenancy-guard.md): the app's Kysely instance carries `FirmScopeGuard`,
 * which refuses, before it reaches the database, a query on a firm-owned table that does not
 * narrow it to named firms (firm-scope-check.ts says what counts). Work that deliberately spans
 * firms (sign-in before the firm is known, the daily sweeps, the backfill, migrations) goes
 * through `withoutFirmScope(db, reason)`, and `firm-scope.test.ts` lists every such place.
 */

/** The tables whose rows belong to a firm: every table with a `firm_id` column. */
type FirmOwnedTable = {
  [T in keyof Database]: 'firm_id' extends keyof Database[T] ? T : never;
}[keyof Database];

/**
 * Every firm-owned table of schema.ts, by name. The compiler checks that the list is complete
 * (below) and `firm-scope.test.ts` that it matches the tables with a firm_id in the database.
 */
export const FIRM_OWNED_TABLES = [
  'users',
  'customer_files',
  'api_keys',
  'idempotency_keys',
  'pending_files',
  'column_mappings',
  'customers',
  'file_customer_ids',
  'customer_insights',
  'insight_history',
  'file_changes',
  'alerts',
  'recommendation_runs',
  'customer_list_index',
  'firm_data_versions',
  'call_outcomes',
  'customer_notes',
  'audit_events',
  'subscriptions',
  'billing_events',
  'local_checkout_sessions',
  'credit_ledger',
  'products',
  'product_outcomes',
] as const satisfies readonly FirmOwnedTable[];

// A table of schema.ts with a firm_id missing from the list fails typecheck here.
type Unlisted = Exclude<FirmOwnedTable, (typeof FIRM_OWNED_TABLES)[number]>;
const listComplete: [Unlisted] extends [never] ? true : Unlisted = true;
void listComplete;

/** Refuses queries on firm-owned tables that do not name their firm (see above). */
export class FirmScopeGuard implements KyselyPlugin {
  private readonly tables: ReadonlySet<string>;

  constructor(tables: readonly string[] = FIRM_OWNED_TABLES) {
    this.tables = new Set(tables);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    checkFirmScope(args.node, this.tables);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * `db` without the guard, for work that deliberately reads or writes across firms. `reason` says
 * why, for the reader and for the list of such places in `firm-scope.test.ts` (which fails on
 * one it does not know): keep it a string literal.
 */
export function withoutFirmScope<E extends Executor | Kysely<unknown>>(db: E, reason: string): E {
  if (!reason.trim()) throw new Error('withoutFirmScope needs a reason');
  const handle = db as Kysely<unknown>;
  const others = handle
    .getExecutor()
    .plugins.filter((plugin) => !(plugin instanceof FirmScopeGuard));
  let bare = handle.withoutPlugins();
  for (const plugin of others) bare = bare.withPlugin(plugin);
  // withoutPlugins and withPlugin keep the class: a transaction stays a transaction.
  return bare as E;
}
