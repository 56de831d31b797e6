import { CATEGORY_GOVERNANCE_DEFAULTS } from './product-governance.js';
import { PRODUCT_LIMITS, type NewProduct } from './products.js';

type Shelved = Pick<NewProduct, 'name' | 'category' | 'description' | 'needs'> &
  Partial<NewProduct>;

/** A product with no eligibility rules, active, at the default weight: what a rule left out means. */
export const NO_PRODUCT_RULES = {
  active: true,
  weight: PRODUCT_LIMITS.weightDefault,
  min_age: null,
  max_age: null,
  min_risk_profile: null,
  max_risk_profile: null,
  min_knowledge_quiz_score: null,
  min_experience_years: null,
  max_leverage_ratio: null,
  min_aum: null,
  countries: [],
} satisfies Partial<NewProduct>;

/** The category's governance defaults unless the product sets its own (docs/products.md). */
const product = (p: Shelved): NewProduct => ({
  ...NO_PRODUCT_RULES,
  ...CATEGORY_GOVERNANCE_DEFAULTS[p.category],
  ...p,
});

/**
 * The shelf every new firm starts with, so recommendations exist from its first upload: all
 * four categories, each product with the needs it serves and conservative rules. The firm's
 * admin edits, deactivates or replaces them. Documented product by product in docs/products.md
 * (keep the two in step); seeded at registration and, for firms that existed before, by
 * migration 0015.
 */
export const DEFAULT_SHELF: readonly NewProduct[] = [
  product({
    name: 'Easy Access Saver',
    category: 'savings',
    description: 'Variable-rate savings account; withdrawals at any time.',
    needs: ['idle_cash'],
    min_age: 18,
  }),
  product({
    name: 'One-Year Fixed Term Deposit',
    category: 'savings',
    description: 'Fixed rate for twelve months; the capital is repaid in full at maturity.',
    needs: ['idle_cash', 'income'],
    min_age: 18,
    min_holding_years: 1,
  }),
  product({
    name: 'Capital-Protected Deposit',
    category: 'savings',
    description: 'Five-year deposit repaying the capital in full, with a share of market gains.',
    needs: ['protection'],
    min_age: 18,
    risk_class: 2,
    min_holding_years: 5,
  }),
  product({
    name: 'Margin Offset Saver',
    category: 'savings',
    description:
      'Cash held here offsets the interest on a margin or securities-backed loan and can repay it.',
    needs: ['deleveraging'],
    min_age: 18,
  }),
  product({
    name: 'Everyday Credit Card',
    category: 'credit_card',
    description: 'Card with a modest limit and no annual fee.',
    needs: ['liquidity'],
    min_age: 18,
    max_leverage_ratio: 1.2,
    weight: 4,
  }),
  product({
    name: 'Premium Credit Card',
    category: 'credit_card',
    description: 'Card with a higher limit and travel cover, for larger relationships.',
    needs: ['liquidity'],
    min_age: 21,
    max_leverage_ratio: 1.2,
    min_aum: 100_000,
    weight: 4,
  }),
  product({
    name: 'Personal Loan',
    category: 'loan',
    description: 'Fixed-rate instalment loan over one to five years.',
    needs: ['liquidity'],
    min_age: 21,
    max_age: 70,
    max_leverage_ratio: 1.2,
    weight: 4,
  }),
  product({
    name: 'Securities-Backed Credit Line',
    category: 'loan',
    description:
      'Credit line secured on the portfolio, so a short-term need does not force a sale.',
    needs: ['liquidity'],
    min_age: 21,
    min_risk_profile: 4,
    min_knowledge_quiz_score: 50,
    min_experience_years: 2,
    max_leverage_ratio: 1.1,
    min_aum: 50_000,
    weight: 4,
    risk_class: 4,
    complex: true,
  }),
  product({
    name: 'Global Index Fund Portfolio',
    category: 'investment',
    description: 'Low-cost portfolio of global equity and bond index funds, rebalanced yearly.',
    needs: ['diversification', 'home_bias', 'concentration', 'long_term_growth'],
    min_age: 18,
    min_risk_profile: 3,
  }),
  product({
    name: 'Managed Portfolio Service',
    category: 'investment',
    description: 'Discretionary management to an agreed risk level; no trading decisions needed.',
    needs: ['managed_investing', 'diversification', 'deleveraging'],
    min_age: 18,
    min_risk_profile: 3,
    min_aum: 25_000,
    min_holding_years: 3,
    adds_market_exposure: false,
  }),
  product({
    name: 'Monthly Investment Plan',
    category: 'investment',
    description: 'Rules-based monthly purchases of a diversified fund, set up once.',
    needs: ['long_term_growth', 'idle_cash', 'managed_investing'],
    min_age: 18,
    min_risk_profile: 3,
  }),
  product({
    name: 'Capital-Protected Note',
    category: 'investment',
    description: 'Five-year note repaying at least the capital, with part of an index’s rise.',
    needs: ['protection'],
    min_age: 18,
    min_risk_profile: 2,
    max_risk_profile: 7,
    min_knowledge_quiz_score: 40,
    risk_class: 3,
    complex: true,
    capital_at_risk: 'partial',
  }),
  product({
    name: 'Multi-Asset Income Fund',
    category: 'investment',
    description: 'Bonds and dividend shares paying a regular income; moderate risk.',
    needs: ['income'],
    min_age: 18,
    min_risk_profile: 2,
    max_risk_profile: 7,
    risk_class: 3,
    min_holding_years: 3,
  }),
];
