import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import { buildInsightItem, emptyRiskRanking } from '@/testing/rm-data';
import { RiskRankingPanel } from '../components/risk-ranking-panel';

const LIST = '/api/content/rm-risk-ranking';

/**
 * Top biases come from the model strongest first: by strength, score x confidence
 * (docs/insights-model.md §6). Here a well-evidenced overconfidence score of 80 (81%) comes
 * before a home bias score of 90 with little evidence behind it (40%), as the model sends it.
 */
const item = buildInsightItem({
  customer_id: 'H-ORDER',
  risk_level: 'high',
  top_biases: [
    { bias_name: 'overconfidence', score: 80, confidence: 0.81 },
    { bias_name: 'home_bias', score: 90, confidence: 0.4 },
    { bias_name: 'disposition_effect', score: 46.37, confidence: 0.37 },
  ],
});

/** The top biases of the opened row as the screen shows them. */
async function renderedTopBiases() {
  mockApi({ [`GET ${LIST}`]: { status: 200, body: { ...emptyRiskRanking(), high_risk: [item] } } });
  const { user } = renderComponent(<RiskRankingPanel />);
  await user.click(await screen.findByRole('button', { name: /H-ORDER/ }));
  const list = await screen.findByRole('list', { name: 'Top behavioral biases of H-ORDER' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => ({
      name: row.getAttribute('aria-label'),
      text: row.textContent ?? '',
      strength: Number(/Strength (\d+)/.exec(row.textContent ?? '')?.[1]),
    }));
}

describe('Top behavioral biases on the RM rows', () => {
  it('show the strength they are listed by, strongest first', async () => {
    const rows = await renderedTopBiases();
    expect(rows.map((r) => r.name)).toEqual(['Overconfidence', 'Home Bias', 'Disposition Effect']);
    expect(rows.map((r) => r.strength)).toEqual([65, 36, 17]);
    for (let k = 1; k < rows.length; k++) {
      expect(rows[k]!.strength).toBeLessThanOrEqual(rows[k - 1]!.strength);
    }
    // A lower score above a higher one, with the reason on screen.
    expect(rows[0]!.text).toContain('80');
    expect(rows[0]!.text).toContain('81% confidence');
    expect(rows[1]!.text).toContain('90');
    expect(rows[1]!.text).toContain('40% confidence');
  });

  it('say in the section help that they are listed by strength', async () => {
    await renderedTopBiases();
    const help = screen.getByRole('img', { name: 'About Top Behavioral Biases' });
    help.focus();
    expect(await screen.findByText(/Listed by strength \(score × confidence\)/)).toBeVisible();
  });
});
