import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import { buildInsightItem, emptySegments } from '@/testing/rm-data';
import { SegmentsPanel } from '../components/segments-panel';
import { expectErrorAlert, toastTexts } from './helpers';

const LIST = '/api/content/rm-segments';

const segments = {
  ...emptySegments(),
  risk_averse: [
    buildInsightItem({ customer_id: 'RA-1', country_iso: 'GBR', segment: 'risk_averse' }),
    buildInsightItem({ customer_id: 'RA-2', country_iso: 'DEU', segment: 'risk_averse' }),
  ],
  overconfident: [buildInsightItem({ customer_id: 'OC-1', country_iso: 'USA' })],
};

const card = (label: string) => screen.getByRole('group', { name: label });
const section = (label: string) => screen.getByRole('region', { name: `${label} customers` });

const DESCRIPTIONS = {
  'Risk Averse': 'Customers who prefer safe, conservative investments',
  Overconfident: 'Customers showing overconfidence bias in decisions',
  'Herd Followers': 'Customers influenced by popular trends and peer behavior',
  Anchored: 'Customers fixated on specific reference points',
  Balanced: 'Customers with well-balanced decision-making patterns',
};

describe('Behavioral Segments', () => {
  it('shows a loading state', async () => {
    mockApi({ [`GET ${LIST}`]: pendingReply });
    renderComponent(<SegmentsPanel />);
    expect(
      await screen.findByRole('status', { name: 'Loading behavioral segments' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Behavioral Segments' })).toBeInTheDocument();
    expect(
      screen.getByText('Customers grouped by behavioral patterns and decision-making biases'),
    ).toBeInTheDocument();
  });

  it('shows the total, the five segments with counts, shares and descriptions', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: segments } });
    renderComponent(<SegmentsPanel />);

    expect(
      await screen.findByRole('group', { name: 'Total Segmented Customers' }),
    ).toHaveTextContent('3');
    for (const [label, description] of Object.entries(DESCRIPTIONS)) {
      expect(card(label)).toHaveTextContent(description);
      expect(within(section(label)).getByText(description)).toBeInTheDocument();
    }
    expect(card('Risk Averse')).toHaveTextContent('266.7%');
    expect(card('Overconfident')).toHaveTextContent('133.3%');
    expect(card('Balanced')).toHaveTextContent('00.0%');
    expect(within(section('Risk Averse')).getByText('RA-1')).toBeInTheDocument();
    expect(
      within(section('Anchored')).getByText('No customers in this segment'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Customers per segment: Risk Averse 2 \(66\.7%\)/ }),
    ).toBeInTheDocument();
  });

  it('filters to one segment', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: segments } });
    const { user } = renderComponent(<SegmentsPanel />);
    await screen.findByText('RA-1');

    await user.click(screen.getByRole('textbox', { name: 'Filter by segment' }));
    await user.click(await screen.findByRole('option', { name: 'Overconfident' }));
    expect(section('Overconfident')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Risk Averse customers' })).not.toBeInTheDocument();
    expect(screen.queryByText('RA-1')).not.toBeInTheDocument();
    expect(screen.getByText('OC-1')).toBeInTheDocument();
  });

  it('searches by id or country, with "x of y shown" and Clear search', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: segments } });
    const { user } = renderComponent(<SegmentsPanel />);
    await screen.findByText('RA-1');

    const search = screen.getByPlaceholderText('Search by Customer ID or Country...');
    await user.type(search, 'Gbr');
    expect(card('Risk Averse')).toHaveTextContent('1 of 2 shown');
    expect(screen.getByText('RA-1')).toBeInTheDocument();
    expect(screen.queryByText('RA-2')).not.toBeInTheDocument();
    expect(
      within(section('Overconfident')).getByText('No customers in this segment'),
    ).toBeInTheDocument();

    await user.type(search, 'zz');
    expect(screen.getByText('No customers found matching "Gbrzz"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('RA-2')).toBeInTheDocument();
  });

  it('expands a row like the risk ranking rows', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: segments } });
    const { user } = renderComponent(<SegmentsPanel />);
    const toggle = await screen.findByRole('button', { name: /OC-1/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('list', { name: 'Risk breakdown of OC-1' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Loss Aversion' })).toHaveTextContent(
      '50% confidence',
    );
  });

  it('says when no segments are available', async () => {
    mockApi({ [`GET ${LIST}`]: { status: 200, body: emptySegments() } });
    renderComponent(<SegmentsPanel />);
    expect(await screen.findByText('No behavioral segments available')).toBeInTheDocument();
  });

  it('shows "Failed to fetch customer segments" in an alert only', async () => {
    mockApi({ [`GET ${LIST}`]: 'network-error' });
    renderComponent(<SegmentsPanel />);
    await expectErrorAlert('Failed to fetch customer segments');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTexts()).toEqual([]);
  });
});
