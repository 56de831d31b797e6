import { describe, expect, it } from 'vitest';
import { EXAMPLE_CUSTOMER, type CustomerRecord, type Segment } from '@behavio/contract';
import { BIASES } from './biases.js';
import { evaluateBias, withEvidence, type LeadBias } from './evaluate.js';
import { scoreCustomer } from './score.js';
import { chooseLead } from './lead.js';
import {
  ANCHORED_HOLDER,
  BALANCED_INVESTOR,
  CAUTIOUS_SAVER,
  HERD_FOLLOWER,
  OVERCONFIDENT_TRADER,
} from './testing/personas.js';

const row = (o: Partial<CustomerRecord>): CustomerRecord => ({ ...EXAMPLE_CUSTOMER, ...o });

const step = (name: string) => BIASES.find((b) => b.name === name)!.step;
const opening = (name: string) => BIASES.find((b) => b.name === name)!.opening;

describe('lead issue', () => {
  const herding = withEvidence(evaluateBias(BIASES[1]!, EXAMPLE_CUSTOMER), EXAMPLE_CUSTOMER);
  /** The herding bias with that strength and as much evidence as it had for EXAMPLE_CUSTOMER, or none. */
  const leadBias = (strength: number, hasEvidence = true): LeadBias => ({
    ...herding,
    evidence: hasEvidence ? herding.evidence : [],
    strength,
  });
  const lead = (
    r: CustomerRecord,
    bs: number,
    ru: number,
    risk: 'high' | 'medium',
    b = leadBias(0),
    segment: Segment = 'balanced',
  ) => chooseLead(r, { biasSeverity: bs, riskUrgency: ru, riskLevel: risk, segment, leadBias: b });

  it('is the largest risk signal when risk is high and at least as urgent as the biases', () => {
    expect(lead(OVERCONFIDENT_TRADER, 2, 7, 'high')).toBe('leverage');
    const concentrated = row({ leverage_ratio: 1, single_stock_pct: 70, max_drawdown_pct: -20 });
    expect(lead(concentrated, 2, 7, 'high')).toBe('concentration');
    const fallen = row({ leverage_ratio: 1, single_stock_pct: 10, max_drawdown_pct: -45 });
    expect(lead(fallen, 2, 7, 'high')).toBe('drawdown');
    const mismatch = row({
      leverage_ratio: 1,
      single_stock_pct: 0,
      etf_pct: 100,
      cash_pct: 0,
      max_drawdown_pct: 0,
      risk_profile: 1,
    });
    expect(lead(mismatch, 2, 7, 'high')).toBe('mismatch');
  });

  it('prefers leverage on a tie between equally acute signals', () => {
    const both = row({ leverage_ratio: 3, single_stock_pct: 90 });
    expect(lead(both, 2, 7, 'high')).toBe('leverage');
  });

  it('is the lead bias when risk does not lead, or a routine review for a balanced customer', () => {
    expect(herding.evidence.length).toBeGreaterThan(0);
    const herd = 'herd_followers';
    expect(lead(EXAMPLE_CUSTOMER, 2, 5, 'medium', leadBias(40), herd)).toBe('bias');
    // High risk but the biases are more severe: the bias leads.
    expect(lead(OVERCONFIDENT_TRADER, 8, 7, 'high', leadBias(40), herd)).toBe('bias');
    expect(lead(EXAMPLE_CUSTOMER, 2, 5, 'medium', leadBias(30))).toBe('review');
    expect(lead(EXAMPLE_CUSTOMER, 2, 5, 'medium', leadBias(40, false), herd)).toBe('review');
  });

  it("lets a risk lead only when it belongs to the segment's story", () => {
    const fallen = row({ leverage_ratio: 1, single_stock_pct: 10, max_drawdown_pct: -45 });
    expect(lead(fallen, 2, 7, 'high', leadBias(40), 'risk_averse')).toBe('drawdown');
    // An anchored customer's story is the price paid: the bias leads, the fall is an aside.
    expect(lead(fallen, 2, 7, 'high', leadBias(40), 'anchored')).toBe('bias');
    expect(lead(OVERCONFIDENT_TRADER, 2, 7, 'high', leadBias(40), 'overconfident')).toBe(
      'leverage',
    );
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
      `A social hype score of 92/100 and 60 news clicks in 7 days, after a hype peak 2 days ago: ${step('herding')}`,
    );
    expect(herd.why).toBe(
      `${opening('herding')}: a social hype score of 92/100 and 60 news clicks in 7 days.`,
    );
    expect(scoreCustomer(ANCHORED_HOLDER).recommended_action).toBe(
      `A position 45% below its purchase price and 4 averaging-down trades, after averaging down 10 days ago: ${step('anchoring')}`,
    );
    // The cautious saver's segment is risk_averse; its strongest member bias leads.
    expect(scoreCustomer(CAUTIOUS_SAVER).recommended_action).toBe(
      `No trade for 420 days and no rebalancing this year: ${step('status_quo')}`,
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
    for (const bias of BIASES) {
      expect(bias.label.length).toBeGreaterThan(0);
      expect(bias.step.length).toBeGreaterThan(0);
      expect(bias.opening.length).toBeGreaterThan(0);
    }
  });

  it('say "an" before a drawdown read with a vowel sound (issue 22)', () => {
    const fallen = row({
      leverage_ratio: 1,
      single_stock_pct: 10,
      max_drawdown_pct: -80,
      risk_profile: 3,
      cash_pct: 10,
      etf_pct: 80,
    });
    const i = scoreCustomer(fallen);
    expect(i.recommended_action).toMatch(/^An 80% drawdown on a stated risk profile of 3\/10: /);
    expect(i.why).toBe(
      'Your portfolio has fallen sharply: an 80% drawdown against a stated risk profile of 3/10.',
    );
    const levered = scoreCustomer(row({ leverage_ratio: 2.4, max_drawdown_pct: -18 }));
    expect(levered.why).toBe(
      'Your portfolio is carrying extra risk: leverage at 2.4x and an 18% drawdown.',
    );
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
