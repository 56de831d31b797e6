import type { CapitalAtRisk, ProductNeed, ProductRuleField } from '@behavio/contract';

export const NEED_LABELS: Record<ProductNeed, string> = {
  idle_cash: 'Idle cash',
  deleveraging: 'Deleveraging',
  concentration: 'Concentration',
  home_bias: 'Home bias',
  diversification: 'Diversification',
  liquidity: 'Liquidity',
  long_term_growth: 'Long-term growth',
  income: 'Income',
  protection: 'Protection',
  managed_investing: 'Managed investing',
};

export const CAPITAL_AT_RISK_LABELS: Record<CapitalAtRisk, string> = {
  none: 'None (capital repaid in full)',
  partial: 'Partial',
  full: 'Full (all of it can be lost)',
};

export const RULE_LABELS: Record<ProductRuleField, string> = {
  min_age: 'Minimum age',
  max_age: 'Maximum age',
  min_risk_profile: 'Minimum risk profile (1-10)',
  max_risk_profile: 'Maximum risk profile (1-10)',
  min_knowledge_quiz_score: 'Minimum knowledge quiz score (0-100)',
  min_experience_years: 'Minimum years of experience',
  max_leverage_ratio: 'Maximum leverage ratio',
  min_aum: 'Minimum AUM (when known)',
};

/** The rules a product sets, in short words ("age 18-70; leverage ≤ 1.2x"), or "No rules". */
export function rulesSummary(p: Record<ProductRuleField, number | null> & { countries: string[] }) {
  const parts: string[] = [];
  const range = (label: string, min: number | null, max: number | null, unit = '') => {
    if (min !== null && max !== null) parts.push(`${label} ${min}-${max}${unit}`);
    else if (min !== null) parts.push(`${label} ≥ ${min}${unit}`);
    else if (max !== null) parts.push(`${label} ≤ ${max}${unit}`);
  };
  range('age', p.min_age, p.max_age);
  range('risk profile', p.min_risk_profile, p.max_risk_profile);
  range('quiz', p.min_knowledge_quiz_score, null);
  range('experience', p.min_experience_years, null, ' years');
  range('leverage', null, p.max_leverage_ratio, 'x');
  if (p.min_aum !== null) parts.push(`AUM ≥ ${p.min_aum.toLocaleString('en-GB')}`);
  if (p.countries.length > 0) parts.push(p.countries.join(', '));
  return parts.length > 0 ? parts.join('; ') : 'No rules';
}

/** The governance attributes in short words ("risk class 4; capital at risk: full; …"). */
export function governanceSummary(p: {
  risk_class: number;
  complex: boolean;
  capital_at_risk: CapitalAtRisk;
  min_holding_years: number;
  adds_market_exposure: boolean;
}) {
  return [
    `risk class ${p.risk_class}/7`,
    `capital at risk: ${p.capital_at_risk}`,
    p.min_holding_years > 0 ? `hold ${p.min_holding_years}+ years` : 'no lock-up',
    ...(p.complex ? ['complex'] : []),
    ...(p.adds_market_exposure ? ['adds market exposure'] : []),
  ].join('; ');
}
