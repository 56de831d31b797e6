import type { ProductPerformanceResponse } from '@behavio/contract';
import { standingOutcomes, type OutcomeRecord } from '@behavio/insights';

type OutcomeRow = OutcomeRecord & {
  customer_id: string;
  recorded_by: string | null;
  recorder_name: string | null;
};

export interface Tally {
  offered: number;
  accepted: number;
  declined: number;
  acceptance_rate: number | null;
}

const emptyTally = (): Tally => ({ offered: 0, accepted: 0, declined: 0, acceptance_rate: null });

/**
 * What became of one customer-product pair, from its outcomes that stand: offered when an offer
 * stands; accepted when an acceptance stands (at any time); declined when a refusal stands and
 * nothing was accepted.
 */
function pairResult(standing: OutcomeRecord[]) {
  const has = (outcome: string) => standing.some((o) => o.outcome === outcome);
  const accepted = has('accepted');
  return { offered: has('offered'), accepted, declined: !accepted && has('declined') };
}

function add(tally: Tally, result: ReturnType<typeof pairResult>) {
  if (result.offered) tally.offered++;
  if (result.accepted) tally.accepted++;
  if (result.declined) tally.declined++;
}

const withRate = (t: Tally): Tally => {
  const decided = t.accepted + t.declined;
  return {
    ...t,
    acceptance_rate: decided === 0 ? null : Math.round((t.accepted / decided) * 10_000) / 10_000,
  };
};

/**
 * The performance report from the shelf, the stored recommendations and every outcome: counts
 * of customer-product pairs per product, and per person by who recorded the pair's latest
 * standing outcome.
 */
export function productPerformance(
  shelf: { product_id: string; name: string; category: string; active: boolean }[],
  recommendedNow: Map<string, number>,
  outcomes: OutcomeRow[],
): Omit<ProductPerformanceResponse, 'recommendations_up_to_date'> {
  const pairs = new Map<string, OutcomeRow[]>();
  for (const o of outcomes) {
    const key = `${o.product_id}\u0000${o.customer_id}`;
    pairs.set(key, [...(pairs.get(key) ?? []), o]);
  }
  const byProduct = new Map<string, Tally>();
  const byPerson = new Map<string, { name: string; tally: Tally }>();
  for (const history of pairs.values()) {
    const standing = standingOutcomes(history) as OutcomeRow[];
    const latest = standing.at(-1);
    if (!latest) continue;
    const result = pairResult(standing);
    const product = byProduct.get(latest.product_id) ?? emptyTally();
    add(product, result);
    byProduct.set(latest.product_id, product);
    if (latest.recorded_by) {
      const person = byPerson.get(latest.recorded_by) ?? {
        name: latest.recorder_name ?? '',
        tally: emptyTally(),
      };
      add(person.tally, result);
      byPerson.set(latest.recorded_by, person);
    }
  }
  return {
    products: shelf.map((p) => ({
      product_id: p.product_id,
      name: p.name,
      category: p.category as ProductPerformanceResponse['products'][number]['category'],
      active: p.active,
      recommended_now: recommendedNow.get(p.product_id) ?? 0,
      ...withRate(byProduct.get(p.product_id) ?? emptyTally()),
    })),
    rms: [...byPerson]
      .map(([user_id, { name, tally }]) => ({ user_id, name, ...withRate(tally) }))
      .sort((a, b) => a.name.localeCompare(b.name) || (a.user_id < b.user_id ? -1 : 1)),
  };
}
