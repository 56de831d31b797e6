import type {
  AliasNode,
  BinaryOperationNode,
  DeleteQueryNode,
  IdentifierNode,
  InsertQueryNode,
  JoinNode,
  OperationNode,
  RawNode,
  ReferenceNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
} from 'kysely';

/*
 * The tenancy rule as a check over Kysely's operation node tree (docs/decisions/0008): every
 * reference to a firm-owned table in a query must be narrowed to named firms, either by its own
 * `firm_id` compared with bound values (`= $1`, `in ($1, $2)`, `= any($1)`) in the WHERE or a
 * join's ON, or by `firm_id` equal to the `firm_id` of another reference that is (a join or a
 * correlated subquery on the firm). An INSERT into a firm-owned table names the `firm_id` column.
 * Only conjuncts count (`a and b`): a firm inside an OR narrows nothing.
 *
 * Raw `sql` text cannot be parsed the same way. Where raw text names a firm-owned table (after
 * from, join, update, into or using), it must compare a `firm_id` with something; that coarse
 * check catches a statement that forgets the firm altogether, and is per statement, not per table.
 */

/** Why a query was refused: the firm-owned table it reads or writes without naming its firm. */
export class UnscopedQueryError extends Error {
  constructor(readonly table: string) {
    super(
      `Query on firm-owned table '${table}' does not name its firm: add a firm_id condition, ` +
        `or use withoutFirmScope (db/firm-scope.ts) for a deliberate cross-firm query`,
    );
    this.name = 'UnscopedQueryError';
  }
}

/** One table reference of a query (a FROM item, a join, the target of a write). */
interface Source {
  /** The name columns refer to it by: its alias, or the table's name. */
  name: string;
  table: string;
  /** Union-find parent: sources whose firm_id are equal share a root. */
  parent: Source | undefined;
  /** The root of a set is bound when one of its firm_ids is compared with bound values. */
  bound: boolean;
}

interface Level {
  sources: Source[];
  outer: Level | undefined;
}

const QUERY_KINDS = new Set([
  'SelectQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'InsertQueryNode',
  'MergeQueryNode',
]);
const VALUE_KINDS = new Set(['ValueNode', 'ValueListNode', 'PrimitiveValueListNode']);
const PLAIN_VALUE_KINDS = new Set(['ValueNode', 'PrimitiveValueListNode']);
/** Nodes that read a column or rows: an expression with one is not a bound value. */
const READING_KINDS = new Set(['ReferenceNode', 'ColumnNode', 'SelectAllNode', ...QUERY_KINDS]);

export function checkFirmScope(root: OperationNode, firmOwned: ReadonlySet<string>): void {
  new Checker(firmOwned).visit(root, undefined);
}

/** The tables a query reads or writes, subqueries and raw text included (for tests). */
export function tablesOf(root: OperationNode): Set<string> {
  const checker = new Checker(new Set());
  checker.visit(root, undefined);
  return checker.tables;
}

class Checker {
  /** Every table met so far. */
  readonly tables = new Set<string>();

  constructor(private readonly firmOwned: ReadonlySet<string>) {}

  /** Walks any node, checking each query in it against the references of the queries around it. */
  visit(node: unknown, level: Level | undefined): void {
    if (!isNode(node)) {
      if (Array.isArray(node)) for (const item of node) this.visit(item, level);
      return;
    }
    if (QUERY_KINDS.has(node.kind)) return this.query(node, level);
    // Plain values hold no query: a bulk insert's rows or a long IN list are not walked.
    if (PLAIN_VALUE_KINDS.has(node.kind)) return;
    if (node.kind === 'RawNode') this.raw(node as RawNode);
    for (const [key, value] of Object.entries(node)) if (key !== 'kind') this.visit(value, level);
  }

  private query(node: OperationNode, outer: Level | undefined) {
    const level: Level = { sources: [], outer };
    const conjuncts: OperationNode[] = [];
    const add = (item: OperationNode | undefined) => this.addSource(level, item);
    switch (node.kind) {
      case 'SelectQueryNode': {
        const q = node as SelectQueryNode;
        q.from?.froms.forEach(add);
        this.joins(q.joins, level, conjuncts);
        if (q.where) conjuncts.push(q.where.where);
        break;
      }
      case 'UpdateQueryNode': {
        const q = node as UpdateQueryNode;
        add(q.table);
        q.from?.froms.forEach(add);
        this.joins(q.joins, level, conjuncts);
        if (q.where) conjuncts.push(q.where.where);
        break;
      }
      case 'DeleteQueryNode': {
        const q = node as DeleteQueryNode;
        q.from.froms.forEach(add);
        q.using?.tables.forEach(add);
        this.joins(q.joins, level, conjuncts);
        if (q.where) conjuncts.push(q.where.where);
        break;
      }
      case 'InsertQueryNode': {
        const q = node as InsertQueryNode;
        const table = q.into && tableName(q.into);
        if (table) this.tables.add(table);
        if (table && this.firmOwned.has(table)) {
          const named = q.columns?.some((column) => column.column.name === 'firm_id');
          if (!named) throw new UnscopedQueryError(table);
        }
        break;
      }
      default: {
        // MERGE is not used by the app; refuse it on a firm-owned table rather than guess.
        const into = (node as { into?: OperationNode }).into;
        const table = into && this.sourceOf(into)?.table;
        if (table && this.firmOwned.has(table)) throw new UnscopedQueryError(table);
      }
    }
    for (const conjunct of conjuncts.flatMap(flatten)) this.bind(conjunct, level);
    for (const source of level.sources) {
      if (this.firmOwned.has(source.table) && !find(source).bound) {
        throw new UnscopedQueryError(source.table);
      }
    }
    // Subqueries anywhere (selections, conditions, derived tables, CTEs, inserted rows) are
    // checked in turn, and may lean on this query's references (a correlated firm_id).
    for (const [key, value] of Object.entries(node)) if (key !== 'kind') this.visit(value, level);
  }

  private joins(joins: readonly JoinNode[] | undefined, level: Level, conjuncts: OperationNode[]) {
    for (const join of joins ?? []) {
      this.addSource(level, join.table);
      if (join.on) conjuncts.push(join.on.on);
    }
  }

  private addSource(level: Level, node: OperationNode | undefined) {
    const source = node && this.sourceOf(node);
    if (source) level.sources.push(source);
  }

  /** The table reference `node` makes, if it names a table (not a subquery or a function). */
  private sourceOf(node: OperationNode): Source | undefined {
    let target = node;
    let alias: string | undefined;
    if (node.kind === 'AliasNode') {
      target = (node as AliasNode).node;
      const aliasNode = (node as AliasNode).alias;
      if (aliasNode.kind === 'IdentifierNode') alias = (aliasNode as IdentifierNode).name;
    }
    if (target.kind !== 'TableNode') return undefined;
    const table = tableName(target as TableNode);
    this.tables.add(table);
    return { name: alias ?? table, table, parent: undefined, bound: false };
  }

  /** Records what one conjunct says of firm_ids: bound to values, or equal to another's. */
  private bind(conjunct: OperationNode, level: Level) {
    if (conjunct.kind === 'RawNode') return this.bindRaw(conjunct as RawNode, level);
    if (conjunct.kind !== 'BinaryOperationNode') return;
    const { leftOperand, operator, rightOperand } = conjunct as BinaryOperationNode;
    const op = (operator as { operator?: string }).operator;
    if (op !== '=' && op !== 'in') return;
    const left = this.firmIdSource(leftOperand, level);
    const right = this.firmIdSource(rightOperand, level);
    if (left && right) union(left, right);
    else if (left && isBoundValue(rightOperand)) find(left).bound = true;
    else if (right && isBoundValue(leftOperand)) find(right).bound = true;
  }

  /**
   * A raw condition such as sql`c.firm_id = ${firmId}` or sql`o.firm_id = c.firm_id`: read
   * from its text, a firm_id just before a bound parameter or equal to another firm_id.
   */
  private bindRaw(node: RawNode, level: Level) {
    node.sqlFragments.forEach((fragment, index) => {
      const parameter = node.parameters[index];
      const before = /(?:(\w+)\.)?firm_id\s*(?:=|in)\s*(?:\(|any\s*\()?\s*$/i.exec(fragment);
      if (before && parameter && isBoundValue(parameter)) {
        const source = this.resolve(before[1], level);
        if (source) find(source).bound = true;
      }
      const pairs = /(?:(\w+)\.)?firm_id\s*=\s*(?:(\w+)\.)?firm_id\b/gi;
      for (const match of fragment.matchAll(pairs)) {
        const a = this.resolve(match[1], level);
        const b = this.resolve(match[2], level);
        if (a && b) union(a, b);
      }
    });
  }

  /** The source whose firm_id `node` is, if it is a reference to a firm_id column. */
  private firmIdSource(node: OperationNode, level: Level): Source | undefined {
    if (node.kind !== 'ReferenceNode') return undefined;
    const ref = node as ReferenceNode;
    if (ref.column.kind !== 'ColumnNode') return undefined;
    const column = ref.column.column.name;
    if (column !== 'firm_id' && column !== 'id') return undefined;
    const source = this.resolve(ref.table && tableName(ref.table), level, column);
    // A firm's own id is its firm_id (`users.firm_id = firms.id`).
    if (column === 'id' && source?.table !== 'firms') return undefined;
    return source;
  }

  /**
   * The source a column reference qualified by `name` points at, innermost query first; an
   * unqualified firm_id belongs to the only firm-owned source of the innermost query with one.
   */
  private resolve(
    name: string | undefined,
    level: Level | undefined,
    column = 'firm_id',
  ): Source | undefined {
    for (let at = level; at; at = at.outer) {
      if (name) {
        const source = at.sources.find((s) => s.name === name);
        if (source) return source;
        continue;
      }
      const owned = at.sources.filter((s) =>
        column === 'id' ? s.table === 'firms' : this.firmOwned.has(s.table),
      );
      if (owned.length === 1) return owned[0];
      if (owned.length > 1) return undefined;
    }
    return undefined;
  }

  /** Raw text naming a firm-owned table must at least compare a firm_id with something. */
  private raw(node: RawNode) {
    const text = node.sqlFragments
      .map((fragment, index) => {
        const parameter = node.parameters[index];
        return (
          fragment + (parameter?.kind === 'TableNode' ? tableName(parameter as TableNode) : ' $ ')
        );
      })
      .join('');
    const tables = /\b(from|join|update|into|using)\s+(?:only\s+)?"?(\w+)"?(\s*\([^)]*\))?/gi;
    const comparesFirm = /\bfirm_id\s*(?:=|in\b)/i.test(text);
    for (const [, keyword, table, columns] of text.matchAll(tables)) {
      if (!table) continue;
      this.tables.add(table);
      // An INSERT names the firm of its rows in its column list; its SELECT is checked on its own.
      const insertNamesFirm =
        keyword?.toLowerCase() === 'into' && /\bfirm_id\b/.test(columns ?? '');
      if (this.firmOwned.has(table) && !comparesFirm && !insertNamesFirm) {
        throw new UnscopedQueryError(table);
      }
    }
  }
}

function isNode(value: unknown): value is OperationNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string'
  );
}

function tableName(node: TableNode): string {
  return node.table.identifier.name;
}

/** Conditions joined by AND, each on its own. */
function flatten(node: OperationNode): OperationNode[] {
  if (node.kind === 'AndNode') {
    const { left, right } = node as unknown as { left: OperationNode; right: OperationNode };
    return [...flatten(left), ...flatten(right)];
  }
  if (node.kind === 'ParensNode') return flatten((node as unknown as { node: OperationNode }).node);
  return [node];
}

/** An expression of bound values only: a parameter, a list of them, or a cast or function of them. */
function isBoundValue(node: OperationNode): boolean {
  if (VALUE_KINDS.has(node.kind)) return true;
  let reads = false;
  let values = false;
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!isNode(value)) return;
    if (READING_KINDS.has(value.kind)) reads = true;
    else if (VALUE_KINDS.has(value.kind)) values = true;
    else for (const [key, child] of Object.entries(value)) if (key !== 'kind') walk(child);
  };
  walk(node);
  return values && !reads;
}

function find(source: Source): Source {
  let root = source;
  while (root.parent) root = root.parent;
  return root;
}

function union(a: Source, b: Source) {
  const ra = find(a);
  const rb = find(b);
  if (ra === rb) return;
  rb.parent = ra;
  ra.bound ||= rb.bound;
}
