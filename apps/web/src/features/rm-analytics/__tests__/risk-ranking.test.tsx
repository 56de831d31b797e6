import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import { buildInsightItem, emptyRiskRanking } from '@/testing/rm-data';
import { RiskRankingPanel } from '../components/risk-ranking-panel';
import { expectErrorAlert, toastTexts } from './helpers';

const LIST = '/api/content/rm-risk-ranking';

const ranking = {
  high_risk: [
    buildInsightItem({ customer_id: 'H-1', country_iso: 'GBR', risk_level: 'high' }),
    buildInsightItem({ customer_id: 'H-2', country_iso: 'DEU', risk_level: 'high' }),
  ],
  medium_risk: [
    buildInsightItem({
      customer_id: 'M-1',
      country_iso: 'FRA',
      risk_level: 'medium',
      urgency_level: 'medium',
      priority_score: 4.5,
    }),
  ],
  low_risk: [],
};

const stat = (label: string) => screen.getByRole('group', { name: label });
const group = (title: string) => screen.getByRole('region', { name: title });

describe('Risk Ranking Dashboard', () => {
  it('shows a loading state', async () => {
    mockApi({ [`GET ${LIST}`]: pendingReply });
    renderComponent(<RiskRankingPanel />);
    expect(await screen.findByRole('status', { name: 'Loading risk ranking' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Risk Ranking Dashboard' })).toBeInTheDocument();
    expect(
      screen.getByText('Customers categorized by risk level for strategic portfolio management'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('shows the totals, the three stat cards and the three groups', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: ranking } });
    renderComponent(<RiskRankingPanel />);

    expect(await screen.findByRole('group', { name: 'Total Customers Ranked' })).toHaveTextContent(
      '3',
    );
    expect(stat('High Risk')).toHaveTextContent('2');
    expect(stat('High Risk')).toHaveTextContent('66.7% of portfolio');
    expect(stat('Medium Risk')).toHaveTextContent('33.3% of portfolio');
    expect(stat('Low Risk')).toHaveTextContent('0.0% of portfolio');
    expect(stat('High Risk')).not.toHaveTextContent('shown');

    expect(
      within(group('High Risk Customers')).getByRole('heading', { name: 'High Risk Customers' }),
    ).toBeInTheDocument();
    expect(within(group('High Risk Customers')).getByLabelText('2 customers')).toBeInTheDocument();
    expect(
      within(group('Medium Risk Customers')).getByLabelText('1 customers'),
    ).toBeInTheDocument();
    expect(
      within(group('Low Risk Customers')).getByText('No customers in this category'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: 'Risk distribution: High Risk 2 (66.7%), Medium Risk 1 (33.3%), Low Risk 0 (0.0%)',
      }),
    ).toBeInTheDocument();
    const row = within(group('High Risk Customers')).getByRole('button', { name: /H-1/ });
    // Each badge says what it is: the row has no column headers.
    expect(within(row).getByText('HIGH RISK')).toBeInTheDocument();
    expect(
      within(row).getByText(`${ranking.high_risk[0]!.urgency_level} urgency`),
    ).toBeInTheDocument();
  });

  it('filters by id or country and shows "x of y shown"', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: ranking } });
    const { user } = renderComponent(<RiskRankingPanel />);
    await screen.findByText('H-1');

    const search = screen.getByPlaceholderText('Search by Customer ID or Country...');
    await user.type(search, 'deu');
    expect(stat('High Risk')).toHaveTextContent('1 of 2 shown');
    expect(stat('Medium Risk')).toHaveTextContent('0 of 1 shown');
    expect(screen.getByText('H-2')).toBeInTheDocument();
    expect(screen.queryByText('H-1')).not.toBeInTheDocument();
    expect(
      within(group('Medium Risk Customers')).getByText('No customers in this category'),
    ).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zz');
    expect(screen.getByText('No customers found matching "zz"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('H-1')).toBeInTheDocument();
  });

  it('expands a row into its action, biases and risk breakdown, and collapses it', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: ranking } });
    const { user } = renderComponent(<RiskRankingPanel />);
    const toggle = await screen.findByRole('button', { name: /H-1/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Recommended Action')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // The rows open with an animation: wait until the details are visible.
    expect(await within(details).findByRole('note', { name: 'Why' })).toBeVisible();
    expect(within(details).getByText('Recommended Action')).toBeInTheDocument();
    expect(within(details).getByText(ranking.high_risk[0]!.recommended_action)).toBeInTheDocument();
    expect(within(details).getByRole('note', { name: 'Why' })).toHaveTextContent(
      ranking.high_risk[0]!.why,
    );

    const biases = within(details).getAllByRole('listitem', { name: /./ }).slice(0, 3);
    expect(biases.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Overconfidence',
      'Loss Aversion',
      'Home Bias',
    ]);
    expect(biases[0]).toHaveTextContent('85');
    expect(biases[0]).toHaveTextContent('81% confidence');
    expect(biases[1]).toHaveTextContent('62.5');
    expect(biases[1]).toHaveTextContent('50% confidence');
    expect(within(biases[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '85');

    const breakdown = within(details).getByRole('list', { name: 'Risk breakdown of H-1' });
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bias Severity6.8/10',
      'Risk Urgency7.50/10',
      'Time Sensitivity2.35/10',
      'Customer Value4.00/10',
    ]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when there is no ranking yet', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: emptyRiskRanking() } });
    renderComponent(<RiskRankingPanel />);
    expect(await screen.findByText('No risk ranking data available')).toBeInTheDocument();
    expect(
      screen.getByText('Customer risk rankings will appear here once analyzed'),
    ).toBeInTheDocument();
  });

  it('shows "Failed to fetch risk ranking" in an alert only', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 500, body: { message: 'boom' } } });
    renderComponent(<RiskRankingPanel />);
    await expectErrorAlert('Failed to fetch risk ranking');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTexts()).toEqual([]);
  });

  it('reloads with Refresh', async () => {
    const api = mockApi({ [`GET ${LIST}`]: { status: 200, body: ranking } });
    const { user } = renderComponent(<RiskRankingPanel />);
    await screen.findByText('H-1');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('H-1');
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });
});
