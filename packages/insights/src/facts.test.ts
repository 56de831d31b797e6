import { describe, expect, it } from 'vitest';
import { EXAMPLE_CUSTOMER, type CustomerRecord } from '@behavio/contract';
import {
  VALUE_FACTS,
  ago,
  drawdownOf,
  gainsFact,
  homeFact,
  indefiniteArticle,
  quizFact,
  valueFact,
} from './facts.js';

const row = (o: Partial<CustomerRecord>): CustomerRecord => ({ ...EXAMPLE_CUSTOMER, ...o });

describe('fact phrases', () => {
  it('quote the figure, with singular and plural forms', () => {
    expect(VALUE_FACTS.leverage_ratio(2.4, true)).toBe('Leverage at 2.4x');
    expect(VALUE_FACTS.leverage_ratio(2.4, false)).toBe('leverage at 2.4x');
    expect(VALUE_FACTS.stop_loss_sell_cnt(1)).toBe('1 stop-loss sale');
    expect(VALUE_FACTS.stop_loss_sell_cnt(3)).toBe('3 stop-loss sales');
    expect(VALUE_FACTS.anchor_price_gap_pct(-32.5, true)).toBe(
      'A position 32.5% below its purchase price',
    );
    expect(VALUE_FACTS.max_drawdown_pct(-18, false)).toBe('an 18% drawdown');
    expect(VALUE_FACTS.max_drawdown_pct(-32, true)).toBe('A 32% drawdown');
    expect(VALUE_FACTS.max_drawdown_pct(0, true)).toBe('No drawdown');
    expect(VALUE_FACTS.rebalances_ytd(0, true)).toBe('No rebalancing this year');
    expect(VALUE_FACTS.positive_news_sentiment_7d(0.6, false)).toBe(
      'news sentiment of +0.6 on a -1 to +1 scale',
    );
    expect(VALUE_FACTS.limit_orders_at_purchase_px(1, true)).toBe(
      'Limit orders set at the purchase price',
    );
  });

  it('put "an" before a figure read with a vowel sound (issue 22)', () => {
    const an = ['8', '8.5', '11', '18', '80', '84.5', '800', '8000', '11000', '18500'];
    const a = ['1', '2.5', '10', '12', '110', '180', '1100', '1800', '100', '32'];
    for (const f of an) expect(indefiniteArticle(f), f).toBe('an');
    for (const f of a) expect(indefiniteArticle(f), f).toBe('a');
    expect(drawdownOf(8.5, false)).toBe('an 8.5% drawdown');
    expect(drawdownOf(11, true)).toBe('An 11% drawdown');
    expect(drawdownOf(32, true)).toBe('A 32% drawdown');
  });

  it('say how long ago an event was', () => {
    expect(ago(0)).toBe('today');
    expect(ago(1)).toBe('1 day ago');
    expect(ago(12)).toBe('12 days ago');
  });

  it('combine columns where one figure is not enough', () => {
    expect(quizFact(35, 8, true)).toBe(
      'A knowledge score of 35/100 against a risk profile of 8/10',
    );
    expect(gainsFact(1, 1)).toBe('1 gain realised against 1 loss');
    expect(homeFact('GBR', 60)).toBe('60% invested in GBR (2.9% of world markets)');
    expect(homeFact('XKX', 60)).toBe('60% invested in XKX (0.1% of world markets)');
  });

  it("build a column's phrase from the row, rounding the figure first", () => {
    expect(valueFact('days_since_last_trade')(row({ days_since_last_trade: 400 }), true)).toBe(
      'No trade for 400 days',
    );
    expect(valueFact('days_since_loss_sell')(row({ days_since_loss_sell: 1.04 }), false)).toBe(
      'a loss sale 1 day ago',
    );
    expect(
      valueFact('limit_orders_at_purchase_px')(row({ limit_orders_at_purchase_px: true }), true),
    ).toBe('Limit orders set at the purchase price');
  });
});
