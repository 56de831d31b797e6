import type {
  BookCustomer,
  Customer,
  PriorityScoreItem,
  RiskRankingItem,
  RiskRankingResponse,
  SegmentsResponse,
  User,
  WhoToCallItem,
} from '@behavio/contract';
import { buildUser } from './data';

/** Test data for the RM analytics screens, shaped by the contract schemas. */

export function buildRmUser(overrides: Partial<User> = {}): User {
  return buildUser({
    id: 'rm-1',
    name: 'Rita Manager',
    email: 'rita@firm.example',
    role: 'rm',
    subscription: 'pro',
    ...overrides,
  });
}

export function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    customer_id: 'C001',
    country_iso: 'GBR',
    age: 45,
    risk_profile: 5,
    experience_years: 10,
    cash_pct: 20,
    etf_pct: 50,
    single_stock_pct: 30,
    leverage_ratio: 1,
    created_at: '2025-03-14T12:00:00.000Z',
    rm_id: 'rm-1',
    ...overrides,
  };
}

/** A customer of the RM's book: the customer and the products recommended now (none by default). */
export function buildBookCustomer(overrides: Partial<BookCustomer> = {}): BookCustomer {
  return { ...buildCustomer(), recommended_products: [], ...overrides };
}

/** The own-book answer; customers without recommended_products get none. */
export function buildBookReply(customers: (Customer | BookCustomer)[]) {
  return {
    status: 200,
    body: {
      rm_id: 'rm-1',
      rm_name: 'Rita Manager',
      customer_count: customers.length,
      customers: customers.map((customer) => ({ recommended_products: [], ...customer })),
    },
  };
}

export function buildWhoToCallItem(overrides: Partial<WhoToCallItem> = {}): WhoToCallItem {
  return {
    customer_id: 'C001',
    country_iso: 'GBR',
    age: 45,
    risk_profile: 5,
    urgency_level: 'high',
    priority_score: 6.5,
    recommended_action:
      'Leverage at 2.1x with a 30% drawdown: review margin exposure and agree a de-leveraging plan',
    why: 'Your portfolio is carrying extra risk: leverage at 2.1x and a 30% drawdown.',
    risk_level: 'high',
    segment: 'overconfident',
    recommended_products: [],
    ...overrides,
  };
}

export function buildInsightItem(overrides: Partial<RiskRankingItem> = {}): RiskRankingItem {
  return {
    ...buildWhoToCallItem(),
    top_biases: [
      { bias_name: 'overconfidence', score: 85, confidence: 0.814 },
      { bias_name: 'loss_aversion', score: 62.5, confidence: 0.5 },
      { bias_name: 'home_bias', score: 40, confidence: 0.7 },
    ],
    breakdown: {
      bias_severity: 6.84,
      risk_urgency: 7.5,
      time_sensitivity: 2.345,
      customer_value: 4,
    },
    ...overrides,
  };
}

export function buildPriorityItem(overrides: Partial<PriorityScoreItem> = {}): PriorityScoreItem {
  const { customer_id, priority_score, urgency_level, recommended_action } = buildInsightItem();
  const { top_biases, breakdown, why, risk_level, segment, recommended_products } =
    buildInsightItem();
  return {
    customer_id,
    priority_score,
    urgency_level,
    recommended_action,
    top_biases,
    breakdown,
    why,
    risk_level,
    segment,
    recommended_products,
    ...overrides,
  };
}

export function emptyRiskRanking(): RiskRankingResponse {
  return { high_risk: [], medium_risk: [], low_risk: [] };
}

export function emptySegments(): SegmentsResponse {
  return { risk_averse: [], overconfident: [], herd_followers: [], anchored: [], balanced: [] };
}
