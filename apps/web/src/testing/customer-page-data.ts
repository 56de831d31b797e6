import {
  BIAS_NAMES,
  EXAMPLE_CUSTOMER,
  type CustomerPageResponse,
  type RecommendedProduct,
} from '@behavio/contract';

/** Test data for the customer page, shaped by the contract's schema. */

export function buildRecommendedProduct(
  overrides: Partial<RecommendedProduct> = {},
): RecommendedProduct {
  return {
    product_id: 'p-saver',
    name: 'Easy Access Saver',
    category: 'savings',
    fit_score: 82,
    rank_score: 410,
    reasons: ['35% of the portfolio is idle cash, well above a 10% working balance.'],
    suitability:
      "Suitable: not a credit product; risk class 1 is within the customer's risk tolerance of 4.",
    eligibility: 'Eligible on every rule of the product: age 42 (18 or more).',
    checks: [
      { rule: 'no_credit_when_leveraged', passed: true, reason: 'not a credit product' },
      {
        rule: 'risk_class_within_tolerance',
        passed: true,
        reason: "risk class 1 is within the customer's risk tolerance of 4",
      },
    ],
    ...overrides,
  };
}

export function buildCustomerPage(
  overrides: Partial<CustomerPageResponse> = {},
): CustomerPageResponse {
  return {
    customer: { ...EXAMPLE_CUSTOMER, aum: null, revenue_12m: null },
    rm_id: 'rm-1',
    rm_name: 'Rita Manager',
    created_at: '2025-03-14T12:00:00.000Z',
    insights: {
      model_version: '2.0.0',
      biases: BIAS_NAMES.map((bias_name, index) => ({
        bias_name,
        score: index === 0 ? 72 : 10,
        confidence: 0.8,
        evidence:
          index === 0
            ? [
                {
                  column: 'trade_turnover_30d_pct_peer',
                  value: 70,
                  contribution: 40,
                  explanation: 'Trades more than 70% of peers in the last 30 days.',
                },
              ]
            : [],
      })),
      top_biases: [],
      breakdown: { bias_severity: 6, risk_urgency: 5, time_sensitivity: 3, customer_value: 4 },
      customer_value_basis: 'proxy',
      priority_score: 7.25,
      urgency_level: 'high',
      risk_level: 'medium',
      segment: 'overconfident',
      recommended_action: 'Review the trading pace and agree rules for new positions',
      why: 'You trade more than most: turnover above 70% of peers.',
    },
    suitability_profile: {
      knowledge_level: 'expert',
      risk_tolerance: 4,
      capacity_for_loss: 'medium',
      horizon_years: 30,
      vulnerability_flags: [],
      needs_review: false,
      reasons: [
        'Knowledge is expert: knowledge quiz score 72 with 8 years of investing experience.',
      ],
    },
    recommended_products: [
      buildRecommendedProduct(),
      buildRecommendedProduct({
        product_id: 'p-index',
        name: 'Global Index Fund Portfolio',
        category: 'investment',
        fit_score: 64,
        rank_score: 320,
        reasons: ['60% of the portfolio is in the home country.'],
        suitability: 'Risk profile 6 is within 3-10.',
      }),
    ],
    excluded_products: [
      {
        product_id: 'p-loan',
        name: 'Personal Loan',
        category: 'loan',
        reasons: ["leverage 2.1x is above this product's maximum of 1.2x"],
      },
    ],
    product_outcomes: [
      {
        product_id: 'p-card',
        product_name: 'Everyday Credit Card',
        outcome: 'offered',
        reason: null,
        recorded_at: '2025-03-10T09:00:00.000Z',
        recorded_by: 'Rita Manager',
      },
    ],
    call_outcomes: [
      {
        outcome: 'called',
        snooze_until: null,
        reason: null,
        recorded_at: '2025-03-12T09:00:00.000Z',
        recorded_by: 'Rita Manager',
      },
    ],
    notes: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        body: 'Prefers calls after 4pm.',
        author_id: 'rm-1',
        author_name: 'Rita Manager',
        created_at: '2025-03-11T09:00:00.000Z',
        updated_at: null,
        editable_until: '2025-03-12T09:00:00.000Z',
      },
    ],
    call_state: 'called',
    history: [],
    ...overrides,
  };
}
