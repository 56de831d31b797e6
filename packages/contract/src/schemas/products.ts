import { z } from 'zod';
import type { FieldError } from '../errors.js';
import {
  CATEGORY_GOVERNANCE_DEFAULTS,
  GOVERNANCE_LIMITS,
  capitalAtRiskSchema,
  isCreditCategory,
  suitabilityCheckSchema,
} from './product-governance.js';

/**
 * The firm's product shelf (issue 18) and the recommendations made from it. What each need
 * means, and how the model scores it, is the model card's last section (docs/insights-model.md);
 * the default shelf is in docs/products.md.
 */

export const PRODUCT_CATEGORIES = ['savings', 'credit_card', 'loan', 'investment'] as const;
export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, {
  error: 'category must be one of savings, credit_card, loan or investment',
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** The fixed list of customer needs a product can serve (the model card defines each). */
export const PRODUCT_NEEDS = [
  'idle_cash',
  'deleveraging',
  'concentration',
  'home_bias',
  'diversification',
  'liquidity',
  'long_term_growth',
  'income',
  'protection',
  'managed_investing',
] as const;
const NEEDS_MESSAGE = `needs must be taken from ${PRODUCT_NEEDS.join(', ')}`;
export const productNeedSchema = z.enum(PRODUCT_NEEDS, { error: NEEDS_MESSAGE });
export type ProductNeed = z.infer<typeof productNeedSchema>;

/**
 * The needs each category can serve. Credit serves liquidity only: more credit is never the
 * answer to leverage (deleveraging is served by savings and investment products), which is why
 * a loan's fit can never rise with the customer's leverage. A product that names no needs serves
 * every need of its category.
 */
export const CATEGORY_NEEDS: Record<ProductCategory, readonly ProductNeed[]> = {
  savings: ['idle_cash', 'deleveraging', 'income', 'protection'],
  credit_card: ['liquidity'],
  loan: ['liquidity'],
  investment: [
    'idle_cash',
    'deleveraging',
    'concentration',
    'home_bias',
    'diversification',
    'long_term_growth',
    'income',
    'protection',
    'managed_investing',
  ],
};

/** A product declined this many days ago or less is not recommended again (issue 18). */
export const RECOMMENDATION_COOLOFF_DAYS = 90;
/** Recommendations per customer, best first. */
export const RECOMMENDED_PRODUCTS_LISTED = 3;

export const PRODUCT_LIMITS = {
  nameMax: 120,
  descriptionMax: 1000,
  weightMin: 0,
  weightMax: 10,
  weightDefault: 5,
  countriesMax: 250,
} as const;

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${PRODUCT_LIMITS.nameMax} characters`,
  duplicateName: 'A product with this name already exists in your firm',
  descriptionTooLong: `description must be at most ${PRODUCT_LIMITS.descriptionMax} characters`,
  weight: 'weight must be a number from 0 to 10',
  countries: 'countries must be 3-letter ISO codes',
  riskClass: 'risk_class must be a whole number from 1 to 7',
  complex: 'complex must be true or false',
  minHoldingYears: 'min_holding_years must be a number from 0 to 30',
  addsMarketExposure: 'adds_market_exposure must be true or false',
  everRecommended:
    'This product has been recommended to customers, so it cannot be deleted: deactivate it instead.',
  deleted: 'Product deleted',
} as const;

/** One eligibility rule on a customer column: its field, the column and its range. */
const RULES = {
  min_age: { label: 'min_age', min: 0, max: 120, int: true },
  max_age: { label: 'max_age', min: 0, max: 120, int: true },
  min_risk_profile: { label: 'min_risk_profile', min: 1, max: 10, int: false },
  max_risk_profile: { label: 'max_risk_profile', min: 1, max: 10, int: false },
  min_knowledge_quiz_score: { label: 'min_knowledge_quiz_score', min: 0, max: 100, int: false },
  min_experience_years: { label: 'min_experience_years', min: 0, max: 100, int: false },
  max_leverage_ratio: { label: 'max_leverage_ratio', min: 0, max: 100, int: false },
  min_aum: { label: 'min_aum', min: 0, max: 1e15, int: false },
} as const;
export type ProductRuleField = keyof typeof RULES;
export const PRODUCT_RULE_FIELDS = Object.keys(RULES) as ProductRuleField[];

const ruleField = (field: ProductRuleField) => {
  const { min, max, int } = RULES[field];
  const message = `${field} must be ${int ? 'a whole number' : 'a number'} from ${min} to ${max}, or null`;
  const n = z.number({ error: message }).min(min, message).max(max, message);
  return (int ? n.int(message) : n).nullable();
};

const countriesField = z
  .array(z.string().regex(/^[A-Za-z]{3}$/, PRODUCT_MESSAGES.countries), {
    error: PRODUCT_MESSAGES.countries,
  })
  .max(PRODUCT_LIMITS.countriesMax, PRODUCT_MESSAGES.countries)
  .transform((codes) => [...new Set(codes.map((c) => c.toUpperCase()))]);

const needsField = z
  .array(productNeedSchema, { error: NEEDS_MESSAGE })
  .max(PRODUCT_NEEDS.length)
  .transform((needs) => [...new Set(needs)]);

const riskClassField = z
  .number({ error: PRODUCT_MESSAGES.riskClass })
  .int(PRODUCT_MESSAGES.riskClass)
  .min(GOVERNANCE_LIMITS.riskClassMin, PRODUCT_MESSAGES.riskClass)
  .max(GOVERNANCE_LIMITS.riskClassMax, PRODUCT_MESSAGES.riskClass);
const holdingYearsField = z
  .number({ error: PRODUCT_MESSAGES.minHoldingYears })
  .min(GOVERNANCE_LIMITS.holdingYearsMin, PRODUCT_MESSAGES.minHoldingYears)
  .max(GOVERNANCE_LIMITS.holdingYearsMax, PRODUCT_MESSAGES.minHoldingYears);

const nameField = z
  .string({ error: PRODUCT_MESSAGES.nameRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.nameRequired)
  .max(PRODUCT_LIMITS.nameMax, PRODUCT_MESSAGES.nameTooLong);

const weightField = z
  .number({ error: PRODUCT_MESSAGES.weight })
  .min(PRODUCT_LIMITS.weightMin, PRODUCT_MESSAGES.weight)
  .max(PRODUCT_LIMITS.weightMax, PRODUCT_MESSAGES.weight);

/** The product as stored and answered. */
export const productSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  category: productCategorySchema,
  description: z.string(),
  active: z.boolean(),
  /** 0-10: how much the firm wants to sell it; rank = fit x weight. */
  weight: z.number(),
  min_age: z.number().nullable(),
  max_age: z.number().nullable(),
  min_risk_profile: z.number().nullable(),
  max_risk_profile: z.number().nullable(),
  min_knowledge_quiz_score: z.number().nullable(),
  min_experience_years: z.number().nullable(),
  max_leverage_ratio: z.number().nullable(),
  /** Only checked for customers whose file carries aum. */
  min_aum: z.number().nullable(),
  /** ISO-3 codes; empty = every country. */
  countries: z.array(z.string()),
  /** Needs from PRODUCT_NEEDS; empty = every need of its category (CATEGORY_NEEDS). */
  needs: z.array(productNeedSchema),
  /** Governance (issue 28): PRIIPs summary risk indicator, 1-7. */
  risk_class: z.number().int().min(1).max(7),
  /** Needs tested knowledge: quiz 60+ and 2+ years of experience (the suitability gate). */
  complex: z.boolean(),
  capital_at_risk: capitalAtRiskSchema,
  /** A lock-up, 0-30 years: more than the customer's horizon is unsuitable. */
  min_holding_years: z.number().min(0).max(30),
  /** Buying it adds market risk (never offered at a leverage of 1.5x or more). */
  adds_market_exposure: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** The fields a product's rules and ranking are made of: what the recommendation model reads. */
export type ShelfProduct = Omit<Product, 'description' | 'created_at' | 'updated_at'>;

const editableShape = {
  name: nameField,
  category: productCategorySchema,
  description: z.string().max(PRODUCT_LIMITS.descriptionMax, PRODUCT_MESSAGES.descriptionTooLong),
  active: z.boolean({ error: 'active must be true or false' }),
  weight: weightField,
  min_age: ruleField('min_age'),
  max_age: ruleField('max_age'),
  min_risk_profile: ruleField('min_risk_profile'),
  max_risk_profile: ruleField('max_risk_profile'),
  min_knowledge_quiz_score: ruleField('min_knowledge_quiz_score'),
  min_experience_years: ruleField('min_experience_years'),
  max_leverage_ratio: ruleField('max_leverage_ratio'),
  min_aum: ruleField('min_aum'),
  countries: countriesField,
  needs: needsField,
  risk_class: riskClassField,
  complex: z.boolean({ error: PRODUCT_MESSAGES.complex }),
  capital_at_risk: capitalAtRiskSchema,
  min_holding_years: holdingYearsField,
  adds_market_exposure: z.boolean({ error: PRODUCT_MESSAGES.addsMarketExposure }),
};

export type ProductFields = Pick<
  Product,
  'category' | 'min_age' | 'max_age' | 'min_risk_profile' | 'max_risk_profile' | 'needs'
> &
  Partial<Pick<Product, 'capital_at_risk' | 'adds_market_exposure'>>;

/**
 * The rules that span fields: a minimum above its maximum, and needs the category cannot serve.
 * Checked on a new product and on an edited one after merging the change into it.
 */
export function productRuleErrors(product: ProductFields): FieldError[] {
  const errors: FieldError[] = [];
  const range = (min: number | null, max: number | null, minField: string, maxField: string) => {
    if (min !== null && max !== null && min > max)
      errors.push({ path: minField, msg: `${minField} ${min} is above ${maxField} ${max}` });
  };
  range(product.min_age, product.max_age, 'min_age', 'max_age');
  range(product.min_risk_profile, product.max_risk_profile, 'min_risk_profile', 'max_risk_profile');
  const served = CATEGORY_NEEDS[product.category];
  const unserved = product.needs.filter((need) => !served.includes(need));
  if (unserved.length > 0)
    errors.push({
      path: 'needs',
      msg: `A ${product.category} product cannot serve ${unserved.join(', ')}; it can serve ${served.join(', ')}`,
    });
  if (isCreditCategory(product.category)) {
    // Credit is credit: the gate treats it by the customer's leverage, not as an investment.
    if (product.capital_at_risk !== undefined && product.capital_at_risk !== 'none')
      errors.push({
        path: 'capital_at_risk',
        msg: `capital_at_risk of a ${product.category} product must be none: credit puts no capital at risk`,
      });
    if (product.adds_market_exposure === true)
      errors.push({
        path: 'adds_market_exposure',
        msg: `adds_market_exposure of a ${product.category} product must be false: credit is gated as credit`,
      });
  }
  return errors;
}

const withRuleErrors = <T extends ProductFields>(value: T, ctx: z.RefinementCtx) => {
  for (const error of productRuleErrors(value))
    ctx.addIssue({ code: 'custom', path: [error.path], message: error.msg });
};

/** POST /api/products: name and category required; every rule may be left out (no rule). */
export const createProductRequestSchema = z
  .object({
    ...editableShape,
    description: editableShape.description.default(''),
    active: editableShape.active.default(true),
    weight: editableShape.weight.default(PRODUCT_LIMITS.weightDefault),
    min_age: editableShape.min_age.default(null),
    max_age: editableShape.max_age.default(null),
    min_risk_profile: editableShape.min_risk_profile.default(null),
    max_risk_profile: editableShape.max_risk_profile.default(null),
    min_knowledge_quiz_score: editableShape.min_knowledge_quiz_score.default(null),
    min_experience_years: editableShape.min_experience_years.default(null),
    max_leverage_ratio: editableShape.max_leverage_ratio.default(null),
    min_aum: editableShape.min_aum.default(null),
    countries: editableShape.countries.default([]),
    needs: editableShape.needs.default([]),
    risk_class: editableShape.risk_class.optional(),
    complex: editableShape.complex.optional(),
    capital_at_risk: editableShape.capital_at_risk.optional(),
    min_holding_years: editableShape.min_holding_years.optional(),
    adds_market_exposure: editableShape.adds_market_exposure.optional(),
  })
  .strict()
  .superRefine(withRuleErrors)
  .transform(({ risk_class, complex, capital_at_risk, min_holding_years, ...rest }) => {
    // Governance left out: the category's documented defaults (CATEGORY_GOVERNANCE_DEFAULTS).
    const d = CATEGORY_GOVERNANCE_DEFAULTS[rest.category];
    return {
      ...rest,
      risk_class: risk_class ?? d.risk_class,
      complex: complex ?? d.complex,
      capital_at_risk: capital_at_risk ?? d.capital_at_risk,
      min_holding_years: min_holding_years ?? d.min_holding_years,
      adds_market_exposure: rest.adds_market_exposure ?? d.adds_market_exposure,
    };
  });
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;
export type NewProduct = z.output<typeof createProductRequestSchema>;

/**
 * PUT /api/products/{product_id}: the fields given replace the stored ones (null clears a rule);
 * the fields left out stay. The cross-field rules are checked on the merged product.
 */
export const updateProductRequestSchema = z.object(editableShape).partial().strict();
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;
export type ProductChanges = z.output<typeof updateProductRequestSchema>;

export const productIdParamsSchema = z.object({
  product_id: z.string().max(200),
});

export const listProductsResponseSchema = z.object({ products: z.array(productSchema) });
export type ListProductsResponse = z.infer<typeof listProductsResponseSchema>;

export const deleteProductResponseSchema = z.object({
  message: z.string(),
  product_id: z.string(),
});
export type DeleteProductResponse = z.infer<typeof deleteProductResponseSchema>;

/** One recommended product for one customer, with why it fits and why it is allowed. */
export const recommendedProductSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  category: productCategorySchema,
  /** 0-100: how well the product answers the customer's strongest need it serves. */
  fit_score: z.number().min(0).max(100),
  /** fit_score x weight, what the list is ordered by (0-1000). */
  rank_score: z.number().min(0).max(1000),
  /** Plain sentences with the customer's own figures, strongest need first. */
  reasons: z.array(z.string().min(1)).min(1),
  /** "Suitable: …": the suitability gate's rules the product passed, in plain words. */
  suitability: z.string().min(1),
  /** The eligibility result on its own line: the product's own rules the customer meets. */
  eligibility: z.string().min(1),
  /** Every rule of the suitability gate with its result (issue 28, item 3). */
  checks: z.array(suitabilityCheckSchema),
});
export type RecommendedProduct = z.infer<typeof recommendedProductSchema>;

/**
 * A recommended product as every list item carries it (`recommended_products`): up to
 * RECOMMENDED_PRODUCTS_LISTED, best first; the reasons are on the customer page.
 */
export const productSuggestionSchema = recommendedProductSchema.pick({
  product_id: true,
  name: true,
  category: true,
  fit_score: true,
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

/** A product the customer may not be offered now, with every rule that excludes them. */
export const excludedProductSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  category: productCategorySchema,
  reasons: z.array(z.string().min(1)).min(1),
});
export type ExcludedProduct = z.infer<typeof excludedProductSchema>;
