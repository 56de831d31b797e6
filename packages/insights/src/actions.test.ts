import { describe, expect, it } from 'vitest';
import { BIAS_NAMES, EXAMPLE_CUSTOMER, type CustomerRecord } from '@behavio/contract';
import { BIAS_LABEL, BIAS_STEP, BIAS_WHY, LEAD, chooseLead } from './actions.js';
import { createScratch } from './bias-scores.js';
import { scoreCustomer } from './score.js';
import {
  ANCHORED_HOLDER,
  BALANCED_INVESTOR,
  CAUTIOUS_SAVER,
  HERD_FOLLOWER,
  OVERCONFIDENT_TRADER,
} from './testing/personas.js';

const row = (o: Partial<CustomerRecord>): CustomerRecord => ({ ...EXAMPLE_CUSTOMER, ...o });

describe('lead issue', () => {
  const s = createScratch();

  it('is the largest risk signal when risk is high and at least as urgent as the biases', () => {
    expect(chooseLead(OVERCONFIDENT_TRADER, s, -1, 2, 7, 'high')).toBe(LEAD.leverage);
    const concentrated = row({ leverage_ratio: 1, single_stock_pct: 70, max_drawdown_pct: -20 });
    expect(chooseLead(concentrated, s, -1, 2, 7, 'high')).toBe(LEAD.concentration);
    const fallen = row({ leverage_ratio: 1, single_stock_pct: 10, max_drawdown_pct: -45 });
    expect(chooseLead(fallen, s, -1, 2, 7, 'high')).toBe(LEAD.drawdown);
    const mismatch = row({
      leverage_ratio: 1,
      single_stock_pct: 0,
      etf_pct: 100,
      cash_pct: 0,
      max_drawdown_pct: 0,
      risk_profile: 1,
    });
    expect(chooseLead(mismatch, s, -1, 2, 7, 'high')).toBe(LEAD.mismatch);
  });

  it('prefers leverage on a tie between equally acute signals', () => {
    const both = row({ leverage_ratio: 3, single_stock_pct: 90 });
    expect(chooseLead(both, s, -1, 2, 7, 'high')).toBe(LEAD.leverage);
  });

  it('is the top bias when risk does not lead, or a routine review when nothing is strong', () => {
    s.count[1] = 1;
    s.strength[1] = 25;
    expect(chooseLead(EXAMPLE_CUSTOMER, s, 1, 2, 5, 'medium')).toBe(LEAD.bias);
    // High risk but the biases are more severe: the bias leads.
    expect(chooseLead(OVERCONFIDENT_TRADER, s, 1, 8, 7, 'high')).toBe(LEAD.bias);
    s.strength[1] = 14.99;
    expect(chooseLead(EXAMPLE_CUSTOMER, s, 1, 2, 5, 'medium')).toBe(LEAD.review);
    s.strength[1] = 25;
    s.count[1] = 0;
    expect(chooseLead(EXAMPLE_CUSTOMER, s, 1, 2, 5, 'medium')).toBe(LEAD.review);
    expect(chooseLead(EXAMPLE_CUSTOMER, s, -1, 2, 5, 'medium')).toBe(LEAD.review);
  });
});

describe('recommended action and why', () => {
  it('names the risk with the customer figures and the step', () => {
    const i = scoreCustomer(OVERCONFIDENT_TRADER);
    expect(i.recommended_action).toBe(
      'Leverage at 2.4x with a 32% drawdown: review margin exposure and agree a de-leveraging plan',
    );
    expect(i.why).toBe(
      'Your portfolio is carrying extra risk: leverage at 2.4x and a 32% drawdown.',
    );
  });

  it('names the top bias evidence with the figures and the bias step', () => {
    const herd = scoreCustomer(HERD_FOLLOWER);
    expect(herd.recommended_action).toBe(
      `A social hype score of 92/100 and 60 news clicks in 7 days: ${BIAS_STEP.herding}`,
    );
    expect(herd.why).toBe(
      `${BIAS_WHY.herding}: a social hype score of 92/100 and 60 news clicks in 7 days.`,
    );
    expect(scoreCustomer(ANCHORED_HOLDER).recommended_action).toBe(
      `A position 45% below its purchase price and 4 averaging-down trades: ${BIAS_STEP.anchoring}`,
    );
    // The cautious saver's segment is risk_averse; its strongest member bias leads.
    expect(scoreCustomer(CAUTIOUS_SAVER).recommended_action).toBe(
      `No trade for 420 days and no rebalancing this year: ${BIAS_STEP.status_quo}`,
    );
  });

  it('still quotes figures for a routine review', () => {
    const i = scoreCustomer(BALANCED_INVESTOR);
    expect(i.recommended_action).toBe(
      'No strong behavioural signal (strongest: risk aversion at 14/100, 75% confidence): hold a routine review and reconfirm goals and the 5/10 risk profile',
    );
    expect(i.why).toMatch(/^Your decisions look balanced: /);
  });

  it('has a label, a step and a why opening for every bias', () => {
    for (const name of BIAS_NAMES) {
      expect(BIAS_LABEL[name].length).toBeGreaterThan(0);
      expect(BIAS_STEP[name].length).toBeGreaterThan(0);
      expect(BIAS_WHY[name].length).toBeGreaterThan(0);
    }
  });

  it('drawdown and mismatch leads read with the figures', () => {
    const fallen = row({
      leverage_ratio: 1,
      single_stock_pct: 10,
      max_drawdown_pct: -60,
      risk_profile: 3,
      cash_pct: 10,
      etf_pct: 80,
    });
    const i = scoreCustomer(fallen);
    expect(i.risk_level).toBe('high');
    expect(i.recommended_action).toMatch(/^A 60% drawdown on a stated risk profile of 3\/10: /);
    expect(i.why).toBe(
      'Your portfolio has fallen sharply: a 60% drawdown against a stated risk profile of 3/10.',
    );
  });
});
