import {
  RISK_LEVELS,
  SEGMENTS,
  URGENCY_LEVELS,
  type RiskLevel,
  type Segment,
  type SortOrder,
  type UrgencyLevel,
} from '@behavio/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/*
 * The view of a list (its sort and filters) kept in the page's URL, under the names the API
 * takes (docs/decisions/0007-list-tools.md): a shared link opens the same view, Back undoes a
 * change, and the same parameters go to the list and to its export. A value the list does not
 * know (a link from another list, an old link) is ignored rather than sent.
 */

export const FILTERS = {
  urgency: URGENCY_LEVELS,
  risk_level: RISK_LEVELS,
  segment: SEGMENTS,
} as const;
export type FilterName = keyof typeof FILTERS;

export interface ListView {
  sort: string | undefined;
  order: SortOrder;
  urgency: UrgencyLevel[];
  risk_level: RiskLevel[];
  segment: Segment[];
  unassigned: boolean;
}

/** Columns whose first click shows the most important first (highest, most urgent). */
const DESCENDING_FIRST = new Set(['priority_score', 'urgency_level', 'risk_level']);

/** The parameters a list route and its export take for `view` (nothing for the default). */
export type ViewQuery = Partial<Record<'sort' | 'order' | FilterName | 'unassigned', string>>;

function valuesOf<T extends string>(params: URLSearchParams, name: string, known: readonly T[]) {
  const raw = params.get(name);
  if (!raw) return [];
  return [...new Set(raw.split(','))].filter((value): value is T =>
    (known as readonly string[]).includes(value),
  );
}

/**
 * The view's parameters in the URL, each name after `prefix`: two lists on one page (Manage
 * Customers' customer list and an RM's book) keep their views apart.
 */
export function readView(params: URLSearchParams, sorts: readonly string[], prefix = ''): ListView {
  const sort = params.get(`${prefix}sort`);
  return {
    sort: sort && sorts.includes(sort) ? sort : undefined,
    order: params.get(`${prefix}order`) === 'desc' ? 'desc' : 'asc',
    urgency: valuesOf(params, `${prefix}urgency`, URGENCY_LEVELS),
    risk_level: valuesOf(params, `${prefix}risk_level`, RISK_LEVELS),
    segment: valuesOf(params, `${prefix}segment`, SEGMENTS),
    unassigned: params.get(`${prefix}unassigned`) === 'true',
  };
}

export function viewQuery(view: ListView, { unassigned = false } = {}): ViewQuery {
  const query: ViewQuery = {};
  if (view.sort) {
    query.sort = view.sort;
    query.order = view.order;
  }
  for (const name of Object.keys(FILTERS) as FilterName[])
    if (view[name].length > 0) query[name] = view[name].join(',');
  if (unassigned && view.unassigned) query.unassigned = 'true';
  return query;
}

/**
 * The list's view from the URL and the changes to it. `sorts` is the list's allow-list (the
 * contract's); `unassigned` says whether the list has the "Unassigned only" filter; `prefix`
 * goes before each parameter's name in the URL (not in `query`, the API's names). A change of
 * view is a new history entry and leaves the other parameters (the open panel, the page…) as
 * they are, except `resetParams`, cleared because they no longer hold (the page number).
 */
export function useListView(
  sorts: readonly string[],
  options: { unassigned?: boolean; resetParams?: readonly string[]; prefix?: string } = {},
) {
  const [params, setParams] = useSearchParams();
  const { unassigned = false, resetParams, prefix = '' } = options;
  const view = useMemo(() => readView(params, sorts, prefix), [params, sorts, prefix]);
  const at = useCallback((name: string) => `${prefix}${name}`, [prefix]);
  const query = useMemo(() => viewQuery(view, { unassigned }), [view, unassigned]);

  const change = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          edit(next);
          for (const name of resetParams ?? []) next.delete(name);
          return next;
        },
        // Rendered at once rather than in a transition: the router's function form starts from
        // the URL of the last render, so a second change made before a deferred render (a quick
        // user, a busy browser) would start from the old URL and undo the first.
        { preventScrollReset: true, flushSync: true },
      ),
    [setParams, resetParams],
  );

  const setSort = useCallback(
    (sort: string | null, order?: SortOrder) =>
      change((next) => {
        if (!sort) {
          next.delete(at('sort'));
          next.delete(at('order'));
          return;
        }
        next.set(at('sort'), sort);
        next.set(at('order'), order ?? (DESCENDING_FIRST.has(sort) ? 'desc' : 'asc'));
      }),
    [change, at],
  );

  /** A header click: the column, or the other direction when it is the sorted one already. */
  const toggleSort = useCallback(
    (sort: string) =>
      view.sort === sort ? setSort(sort, view.order === 'asc' ? 'desc' : 'asc') : setSort(sort),
    [setSort, view.sort, view.order],
  );

  const setFilter = useCallback(
    (name: FilterName, values: readonly string[]) =>
      change((next) => {
        if (values.length > 0) next.set(at(name), values.join(','));
        else next.delete(at(name));
      }),
    [change, at],
  );

  const setUnassigned = useCallback(
    (only: boolean) =>
      change((next) => {
        if (only) next.set(at('unassigned'), 'true');
        else next.delete(at('unassigned'));
      }),
    [change, at],
  );

  const filtered =
    view.urgency.length + view.risk_level.length + view.segment.length > 0 ||
    (unassigned && view.unassigned);
  const clearFilters = useCallback(
    () =>
      change((next) => {
        for (const name of [...Object.keys(FILTERS), 'unassigned']) next.delete(at(name));
      }),
    [change, at],
  );

  return { view, query, setSort, toggleSort, setFilter, setUnassigned, filtered, clearFilters };
}

export type ListViewState = ReturnType<typeof useListView>;
