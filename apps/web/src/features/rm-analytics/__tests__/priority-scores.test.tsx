import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import { buildPriorityItem } from '@/testing/rm-data';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { BreakdownModal } from '../components/breakdown-modal';
import { PriorityScoresPanel } from '../components/priority-scores-panel';
import { expectErrorAlert, expectToast } from './helpers';

const LIST = '/api/content/rm-priority-scores';

const items = [
  buildPriorityItem({ customer_id: 'GBR-1', priority_score: 8.2, urgency_level: 'urgent' }),
  buildPriorityItem({
    customer_id: 'CUST-002',
    priority_score: 3.5,
    urgency_level: 'low',
    top_biases: [{ bias_name: 'status_quo', score: 30, confidence: 0.75 }],
    breakdown: { bias_severity: 2.25, risk_urgency: 1, time_sensitivity: 0, customer_value: 3.456 },
  }),
];

const stat = (label: string) => screen.getByRole('group', { name: label });
const rowOf = (id: string) => screen.getByRole('cell', { name: id }).closest('tr')!;

describe('Customer Priority Scores', () => {
  it('shows a loading state', async () => {
    mockApi({ [`GET ${LIST}`]: pendingReply });
    renderComponent(<PriorityScoresPanel />);
    expect(await screen.findByRole('status', { name: 'Loading priority scores' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Customer Priority Scores' })).toBeInTheDocument();
    expect(
      screen.getByText('AI-driven insights ranking customers by behavioral and risk factors'),
    ).toBeInTheDocument();
  });

  it('shows the stats and the Priority Insights table', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    renderComponent(<PriorityScoresPanel />);

    expect(await screen.findByRole('heading', { name: 'Priority Insights' })).toBeInTheDocument();
    expect(within(stat('Total Customers')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Avg Priority')).getByText('5.85')).toBeInTheDocument();
    expect(within(stat('High Urgency')).getByText('1')).toBeInTheDocument();

    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Customer ID',
      'Priority',
      'Urgency',
      'Recommended Action',
      'Top Biases',
      'Breakdown',
    ]);
    const row = rowOf('GBR-1');
    // The gauge shows the score out of 10 (its ring is score / 10 x 100).
    expect(within(row).getByRole('button', { name: 'Priority 8.20 out of 10' })).toHaveTextContent(
      '8.20',
    );
    expect(within(row).getByText('urgent')).toBeInTheDocument();
    expect(within(row).getByText(items[0]!.recommended_action)).toBeInTheDocument();
    expect(within(row).getByText(`Why: ${items[0]!.why}`)).toBeInTheDocument();
    // The first three bias names.
    for (const name of ['Overconfidence', 'Loss Aversion', 'Home Bias']) {
      expect(within(row).getByText(name)).toBeInTheDocument();
    }
  });

  it('shows cards on mobile', async () => {
    mockViewport(MOBILE_WIDTH);
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    renderComponent(<PriorityScoresPanel />);
    const list = await screen.findByRole('list', { name: 'Priority insights' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches by customer id only', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user } = renderComponent(<PriorityScoresPanel />);
    await screen.findByText('2 of 2');
    const search = screen.getByRole('textbox', { name: 'Search customers' });
    await user.type(search, 'gbr');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('GBR-1')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'cust');
    expect(screen.getByText('CUST-002')).toBeInTheDocument();
    expect(screen.queryByText('GBR-1')).not.toBeInTheDocument();
    await user.type(search, 'x');
    expect(screen.getByText('No customers found matching "custx"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
  });

  it('opens Breakdown Details with each key spelled with spaces and 2 decimals', async () => {
    mockViewport(DESKTOP_WIDTH);
    mockApi({ [`GET ${LIST}`]: { status: 200, body: items } });
    const { user } = renderComponent(<PriorityScoresPanel />);
    await screen.findByRole('table');

    await user.click(within(rowOf('CUST-002')).getByRole('button', { name: /View Breakdown/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Breakdown Details' });
    const entries = within(within(dialog).getByRole('list', { name: 'Breakdown' })).getAllByRole(
      'listitem',
    );
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'bias severity2.25',
      'risk urgency1.00',
      'time sensitivity0.00',
      'customer value3.46',
    ]);
    expect(within(dialog).getByText('Customer CUST-002')).toBeInTheDocument();
    expect(within(dialog).getByText(items[1]!.why)).toBeInTheDocument();
  });

  it('says "No breakdown available." for a customer without one', () => {
    renderComponent(
      <BreakdownModal target={{ customerId: 'C-9', breakdown: {}, why: '' }} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Breakdown Details' });
    expect(within(dialog).getByText('No breakdown available.')).toBeInTheDocument();
  });

  it('says when there are no scores', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: [] } });
    renderComponent(<PriorityScoresPanel />);
    expect(await screen.findByText('No priority scores available')).toBeInTheDocument();
  });

  it('shows "Failed to fetch priority scores" in an alert and a toast', async () => {
    mockApi({ [`GET ${LIST}`]: 'network-error' });
    renderComponent(<PriorityScoresPanel />);
    await expectErrorAlert('Failed to fetch priority scores');
    await expectToast('Failed to fetch priority scores');
  });
});
