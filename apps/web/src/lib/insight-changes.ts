import type { ChangeKind, InsightSnapshot } from '@behavio/contract';
import { SEGMENT_LABELS, formatPriority, titleCase } from './display-rules';

/**
 * How the screens word a change of a customer's insight (issue 19): the customer page's history
 * and the Datasets file tab's change summary both name the kinds of change and show each
 * changed figure as "before → after".
 */

/** The short name of each kind of change; the rule behind it is the contract's CHANGE_RULES. */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  urgency_up: 'Urgency up',
  risk_level_up: 'Risk level up',
  priority_jump: 'Priority jump',
  new_top_bias: 'New top bias',
  segment_change: 'Segment change',
  product_change: 'Product change',
};

/** One figure that differs between two recorded insights. */
export interface ChangedFigure {
  label: string;
  before: string;
  after: string;
}

/** Names a product id; the id itself when the name is not known here. */
export type ProductName = (productId: string) => string;

const NONE = 'None';

/** The figures of a snapshot as the lists show them, in the order the screens list them. */
function figures(snapshot: InsightSnapshot, productName: ProductName) {
  const topBias = snapshot.top_biases[0]?.bias;
  return [
    { label: 'Priority', value: formatPriority(snapshot.priority_score) },
    { label: 'Urgency', value: titleCase(snapshot.urgency_level) },
    { label: 'Risk level', value: titleCase(snapshot.risk_level) },
    { label: 'Segment', value: SEGMENT_LABELS[snapshot.segment] },
    { label: 'Top bias', value: topBias ? titleCase(topBias) : NONE },
    {
      label: 'Top product',
      value: snapshot.top_product_id ? productName(snapshot.top_product_id) : NONE,
    },
  ];
}

/**
 * The figures that differ from `before` to `after`, as they are shown (a priority that moved
 * less than the two decimals shown is not a change). Without `before` (a customer's first
 * record) or `after` (a removed customer), every figure is listed against "-".
 */
export function changedFigures(
  before: InsightSnapshot | null,
  after: InsightSnapshot | null,
  productName: ProductName = (id) => id,
): ChangedFigure[] {
  const old = before ? figures(before, productName) : null;
  const now = after ? figures(after, productName) : null;
  const rows = (now ?? old ?? []).map((figure, index) => ({
    label: figure.label,
    before: old?.[index]?.value ?? '-',
    after: now?.[index]?.value ?? '-',
  }));
  return rows.filter((row) => row.before !== row.after);
}
