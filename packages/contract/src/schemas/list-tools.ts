import { z } from 'zod';
import { auditEventsQuerySchema, listCustomersQuerySchema } from './admin.js';
import { listWindowQuerySchema } from './customers.js';
import { RISK_LEVELS, SEGMENTS, URGENCY_LEVELS } from './insights.js';

/**
 * The list tools of issue 20: sort by a column, filter by urgency, risk level and segment, and
 * export what is shown (docs/decisions/0007-list-tools.md). Every parameter is optional and
 * absent means today's list, so the spec's client keeps working. A value the server does not
 * know is a 400 that names the parameter.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most rows one export writes; a larger list must be narrowed first (a 400 says so). */
export const EXPORT_MAX_ROWS = 100_000;

const CUSTOMER_SORTS = [
  'customer_id',
  'country_iso',
  'age',
  'risk_profile',
  'experience_years',
  'cash_pct',
  'etf_pct',
  'single_stock_pct',
  'leverage_ratio',
  'created_at',
] as const;
const SUMMARY_SORTS = ['customer_id', 'country_iso', 'age', 'risk_profile'] as const;
const INSIGHT_SORTS = ['priority_score', 'urgency_level', 'risk_level', 'segment'] as const;

/** The columns each RM list sorts by: the columns its items carry. */
export const RM_LIST_SORTS = {
  book: CUSTOMER_SORTS,
  whoToCall: [...SUMMARY_SORTS, ...INSIGHT_SORTS],
  priorityScores: ['customer_id', ...INSIGHT_SORTS],
  riskRanking: [...SUMMARY_SORTS, ...INSIGHT_SORTS],
  segments: [...SUMMARY_SORTS, ...INSIGHT_SORTS],
} as const;
export type RmListName = keyof typeof RM_LIST_SORTS;
export type RmListSort = (typeof RM_LIST_SORTS)[RmListName][number];

/** The admin's customer list sorts by the customer's columns and the RM's name. */
export const CUSTOMER_LIST_SORTS = [...CUSTOMER_SORTS, 'rm_name'] as const;
export type CustomerListSort = (typeof CUSTOMER_LIST_SORTS)[number];

const listOf = (values: readonly string[]) => values.join(', ');

/** `name` as one value of `values`. */
const oneOf = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z.enum(values, { error: `${name} must be one of ${listOf(values)}` });

/**
 * A filter of `name`: one value or several, comma-separated (`urgency=urgent,high`); a list
 * keeps the rows whose value is any of them.
 */
const filterParam = <T extends string>(name: string, values: readonly [T, ...T[]]) => {
  const message = `${name} must be one or more of ${listOf(values)}, comma-separated`;
  return z
    .string({ error: message })
    .regex(new RegExp(`^(${values.join('|')})(,(${values.join('|')}))*$`), message)
    .transform((text) => [...new Set(text.split(','))] as T[])
    .optional();
};

const sortOrder = oneOf('order', SORT_ORDERS).optional();

/** The insight filters every customer list takes. */
const insightFilters = {
  urgency: filterParam('urgency', URGENCY_LEVELS),
  risk_level: filterParam('risk_level', RISK_LEVELS),
  segment: filterParam('segment', SEGMENTS),
};

/** Sort and filter of an RM list. */
export const rmListQuerySchema = <L extends RmListName>(list: L) =>
  listWindowQuerySchema.extend({
    sort: oneOf(
      'sort',
      RM_LIST_SORTS[list] as unknown as readonly [
        (typeof RM_LIST_SORTS)[L][number],
        ...(typeof RM_LIST_SORTS)[L][number][],
      ],
    ).optional(),
    order: sortOrder,
    ...insightFilters,
  });
export type RmListQuery = z.infer<ReturnType<typeof rmListQuerySchema<RmListName>>>;
/** What the web sends (filters as comma-separated text). */
export type RmListQueryInput = z.input<ReturnType<typeof rmListQuerySchema<RmListName>>>;

const formatParam = { format: oneOf('format', EXPORT_FORMATS) };

/** An RM list's export: its sort and filters (never a window: all rows), and the format. */
export const rmListExportQuerySchema = <L extends RmListName>(list: L) =>
  rmListQuerySchema(list).omit({ limit: true, offset: true }).extend(formatParam);

/** `unassigned=true` keeps only the customers no RM looks after. */
const unassignedParam = z
  .enum(['true', 'false'], { error: 'unassigned must be true or false' })
  .transform((value) => value === 'true')
  .optional();

export const customerListToolsSchema = z.object({
  sort: oneOf('sort', CUSTOMER_LIST_SORTS).optional(),
  order: sortOrder,
  ...insightFilters,
  unassigned: unassignedParam,
});
export type CustomerListTools = z.infer<typeof customerListToolsSchema>;

/** The admin's customer list, paged, with the list tools. */
export const customerListQuerySchema = listCustomersQuerySchema.extend(
  customerListToolsSchema.shape,
);
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerListExportQuerySchema = listCustomersQuerySchema
  .omit({ page: true, page_size: true })
  .extend(customerListToolsSchema.shape)
  .extend(formatParam);
export type CustomerListExportQuery = z.infer<typeof customerListExportQuerySchema>;

const ACTION_MAX = 100;
const dateParam = (name: string) =>
  z.iso.date({ error: `${name} must be a date, YYYY-MM-DD` }).optional();

/**
 * The audit log's filters: the action (exact, e.g. `call.called`), the person (the actor's email,
 * exact, any case) and the days from and to (inclusive, UTC).
 */
const auditFilterFields = {
  action: z
    .string()
    .trim()
    .min(1, 'action must not be empty')
    .max(ACTION_MAX, `action must be at most ${ACTION_MAX} characters`)
    .optional(),
  actor: z
    .string()
    .trim()
    .min(1, 'actor must not be empty')
    .max(254, 'actor must be at most 254 characters')
    .toLowerCase()
    .optional(),
  from: dateParam('from'),
  to: dateParam('to'),
};

/** The day range read forwards (ISO dates compare as text). */
const datesInOrder = <T extends { from?: string | undefined; to?: string | undefined }>(
  schema: z.ZodType<T>,
) =>
  schema.refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ['to'],
    message: 'to must not be before from',
  });

export const auditEventsFilteredQuerySchema = datesInOrder(
  auditEventsQuerySchema.extend(auditFilterFields),
);
export type AuditEventsQuery = z.infer<typeof auditEventsFilteredQuerySchema>;

export const auditExportQuerySchema = datesInOrder(
  z.object({ ...auditFilterFields, ...formatParam }),
);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
export type AuditFilters = Omit<AuditExportQuery, 'format'>;
