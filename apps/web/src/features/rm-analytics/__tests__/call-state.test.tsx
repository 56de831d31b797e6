import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderComponent } from '@/testing/render-component';
import {
  buildBookCustomer,
  buildBookReply,
  buildInsightItem,
  buildPriorityItem,
  emptyRiskRanking,
  emptySegments,
} from '@/testing/rm-data';
import { DESKTOP_WIDTH, MOBILE_WIDTH, mockViewport } from '@/testing/viewport';
import { CustomerBookPanel } from '../components/customer-book-panel';
import { PriorityScoresPanel } from '../components/priority-scores-panel';
import { RiskRankingPanel } from '../components/risk-ranking-panel';
import { SegmentsPanel } from '../components/segments-panel';

/*
 * One truth across tabs (issue 20, item 5): a customer marked called, snoozed or dismissed
 * stays on every RM screen with a badge beside their id, and every tab still counts them.
 */
const CALLED = 'C-CALLED';
const SNOOZED = 'C-SNOOZED';
const OPEN = 'C-OPEN';

const insight = (customer_id: string, call_state: 'called' | 'snoozed' | null) =>
  buildInsightItem({ customer_id, call_state, risk_level: 'high', segment: 'anchored' });
const insights = [insight(CALLED, 'called'), insight(SNOOZED, 'snoozed'), insight(OPEN, null)];

const SCREENS: [string, string, unknown, () => ReactNode][] = [
  [
    'My Customer Book',
    '/api/content/rm-own-book',
    buildBookReply([
      buildBookCustomer({ customer_id: CALLED, call_state: 'called' }),
      buildBookCustomer({ customer_id: SNOOZED, call_state: 'snoozed' }),
      buildBookCustomer({ customer_id: OPEN, call_state: null }),
    ]).body,
    () => <CustomerBookPanel />,
  ],
  [
    'Customer Priority Scores',
    '/api/content/rm-priority-scores',
    insights.map(({ customer_id, call_state }) => buildPriorityItem({ customer_id, call_state })),
    () => <PriorityScoresPanel />,
  ],
  [
    'Risk Ranking',
    '/api/content/rm-risk-ranking',
    { ...emptyRiskRanking(), high_risk: insights },
    () => <RiskRankingPanel />,
  ],
  [
    'Behavioral Segments',
    '/api/content/rm-segments',
    { ...emptySegments(), anchored: insights },
    () => <SegmentsPanel />,
  ],
];

/** The row, card or list item that holds the customer's id link. */
const holderOf = (id: string) =>
  screen.getByRole('link', { name: id }).closest('tr, [role="listitem"]') as HTMLElement;

describe.each([
  ['desktop', DESKTOP_WIDTH],
  ['phone', MOBILE_WIDTH],
])('the call state on every RM screen, on %s', (_name, width) => {
  it.each(SCREENS)(
    '%s keeps handled customers, each with its badge',
    async (_title, url, body, render) => {
      mockViewport(width);
      mockApi({ [`GET ${url}`]: { status: 200, body } });
      renderComponent(render());
      await screen.findByRole('link', { name: OPEN });
      expect(within(holderOf(CALLED)).getByText('Called')).toBeInTheDocument();
      expect(within(holderOf(SNOOZED)).getByText('Snoozed')).toBeInTheDocument();
      expect(within(holderOf(OPEN)).queryByText(/^(Called|Snoozed|Dismissed)$/)).toBeNull();
    },
  );
});
