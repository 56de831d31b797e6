import type {
  BookCustomer,
  CsvValue,
  PriorityScoreItem,
  RiskRankingItem,
  RmListName,
  WhoToCallItem,
} from '@behavio/contract';
import type { ExportColumn } from '../../plugins/export-file.js';

/*
 * The columns of each RM list's export: the list's own fields, named as its screen names them,
 * in its order. Lists inside an item (products, top biases) become one readable cell.
 */

type Item = BookCustomer | WhoToCallItem | PriorityScoreItem | RiskRankingItem;
type Row = Record<string, unknown>;

const column = (header: string, key: string): ExportColumn<Row> => ({
  header,
  value: (row) => row[key] as CsvValue,
});

const products: ExportColumn<Row> = {
  header: 'Recommended Products',
  value: (row) =>
    (row.recommended_products as Item['recommended_products']).map((p) => p.name).join('; '),
};

const topBiases: ExportColumn<Row> = {
  header: 'Top Biases',
  value: (row) =>
    (row.top_biases as RiskRankingItem['top_biases'])
      .map((bias) => `${bias.bias_name} ${bias.score}`)
      .join('; '),
};

const summary = [
  column('Customer ID', 'customer_id'),
  column('Country', 'country_iso'),
  column('Age', 'age'),
  column('Risk Profile', 'risk_profile'),
];
const recommendation = [
  column('Priority Score', 'priority_score'),
  column('Urgency', 'urgency_level'),
  column('Recommended Action', 'recommended_action'),
  column('Why', 'why'),
  column('Risk Level', 'risk_level'),
  column('Segment', 'segment'),
];

export const RM_LIST_EXPORT_COLUMNS: Record<RmListName, readonly ExportColumn<Row>[]> = {
  book: [
    ...summary,
    column('Experience (years)', 'experience_years'),
    column('Cash %', 'cash_pct'),
    column('ETF %', 'etf_pct'),
    column('Single Stock %', 'single_stock_pct'),
    column('Leverage Ratio', 'leverage_ratio'),
    column('Created At', 'created_at'),
    products,
  ],
  whoToCall: [...summary, ...recommendation, products],
  priorityScores: [column('Customer ID', 'customer_id'), ...recommendation, topBiases, products],
  riskRanking: [...summary, ...recommendation, topBiases, products],
  segments: [...summary, ...recommendation, topBiases, products],
};

/** The file name of each list's export (before the date). */
export const RM_LIST_FILE_NAMES: Record<RmListName, string> = {
  book: 'customer-book',
  whoToCall: 'who-to-call',
  priorityScores: 'priority-scores',
  riskRanking: 'risk-ranking',
  segments: 'segments',
};

/**
 * The rows of a list body as shown: the book's customers, a plain list, or a grouped list's
 * groups one after the other in the screen's order (the group is a column of each row).
 */
export function rowsOfListBody(body: unknown): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.customers)) return record.customers as Row[];
  return Object.values(record).flatMap((group) => group as Row[]);
}
