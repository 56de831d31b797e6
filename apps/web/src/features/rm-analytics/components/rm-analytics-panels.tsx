import { Select, Tabs } from '@mantine/core';
import {
  IconAddressBook,
  IconChartDonut,
  IconGauge,
  IconPhoneCall,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { CustomerBookPanel } from './customer-book-panel';
import { PriorityScoresPanel } from './priority-scores-panel';
import { RiskRankingPanel } from './risk-ranking-panel';
import { SegmentsPanel } from './segments-panel';
import { WhoToCallPanel } from './who-to-call-panel';

/** The five RM analytics screens of product-rules: Screens, in the spec's order. */
export const RM_PANELS = [
  { value: 'book', label: 'Customer Book', icon: IconAddressBook, Panel: CustomerBookPanel },
  { value: 'who-to-call', label: 'Who To Call', icon: IconPhoneCall, Panel: WhoToCallPanel },
  { value: 'priority', label: 'Priority Scores', icon: IconGauge, Panel: PriorityScoresPanel },
  { value: 'risk', label: 'Risk Ranking', icon: IconChartDonut, Panel: RiskRankingPanel },
  { value: 'segments', label: 'Segments', icon: IconUsersGroup, Panel: SegmentsPanel },
] as const satisfies readonly {
  value: string;
  label: string;
  icon: Icon;
  Panel: ComponentType;
}[];

export type RmPanel = (typeof RM_PANELS)[number]['value'];

/** The URL search parameter that keeps the open panel (links and reloads keep it). */
export const PANEL_PARAM = 'panel';

const isPanel = (value: string | null): value is RmPanel =>
  RM_PANELS.some((panel) => panel.value === value);

/**
 * The five RM analytics panels (product-rules: Screens: shown to a pro or business RM on the dashboard and in
 * settings), one at a time: tabs from the medium width up, a select on small screens. Only the
 * open panel is mounted, so only its list loads.
 */
export function RmAnalyticsPanels() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(PANEL_PARAM);
  const active: RmPanel = isPanel(requested) ? requested : 'book';

  const open = (value: string | null) => {
    if (!isPanel(value) || value === active) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PANEL_PARAM, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Tabs value={active} onChange={open} keepMounted={false} variant="pills" radius="md">
      <Select
        hiddenFrom="md"
        label="Analytics view"
        data={RM_PANELS.map(({ value, label }) => ({ value, label }))}
        value={active}
        onChange={open}
        allowDeselect={false}
        checkIconPosition="right"
        mb="md"
      />
      <Tabs.List visibleFrom="md" mb="lg" aria-label="RM analytics">
        {RM_PANELS.map(({ value, label, icon: TabIcon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {RM_PANELS.map(({ value, Panel }) => (
        <Tabs.Panel key={value} value={value}>
          <Panel />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
