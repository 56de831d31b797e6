import type { ExportFormat, SortOrder } from '@behavio/contract';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  MultiSelect,
  Select,
  Switch,
  Table,
  UnstyledButton,
  type TableThProps,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { api, messageOr } from '@/lib/api-client';
import { SEGMENT_LABELS } from '@/lib/display-rules';
import { toast } from '@/lib/notify';
import { fileDate, saveFile } from '@/lib/save-file';
import { FILTERS, type FilterName, type ListViewState, type ViewQuery } from './use-list-view';

/*
 * The tools on top of every list (issue 20): filters, a sort select (the only sort control on
 * phones, where lists are cards), sortable column headers on wide screens, and the export of
 * what is shown.
 */

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const FILTER_LABELS: Record<FilterName, string> = {
  urgency: 'Urgency',
  risk_level: 'Risk level',
  segment: 'Segment',
};

const valueLabel = (name: FilterName, value: string) =>
  name === 'segment' ? SEGMENT_LABELS[value as keyof typeof SEGMENT_LABELS] : capitalise(value);

export interface ExportSource {
  /** The list's API address; the export is `${path}/export`. */
  path: string;
  /** The file name before the date and extension, e.g. `who-to-call`. */
  fileName: string;
  /** The list's parameters: its view and anything else it is narrowed by (the search). */
  query?: ViewQuery & Record<string, string | undefined>;
}

/** Every sortable column's name, as the lists head it. */
const SORT_LABELS: Record<string, string> = {
  customer_id: 'Customer ID',
  country_iso: 'Country',
  age: 'Age',
  risk_profile: 'Risk profile',
  experience_years: 'Experience',
  cash_pct: 'Cash %',
  etf_pct: 'ETF %',
  single_stock_pct: 'Single stock %',
  leverage_ratio: 'Leverage',
  created_at: 'Created',
  priority_score: 'Priority',
  urgency_level: 'Urgency',
  risk_level: 'Risk level',
  segment: 'Segment',
  rm_name: 'RM',
};

/** The empty state's title when the filters keep nobody. */
export const NO_FILTER_MATCH = 'No customers match these filters';

const ORDER_TEXT: Record<SortOrder, string> = { asc: 'ascending', desc: 'descending' };

/**
 * A column header that sorts the list: first click by the column (most important first for
 * scores and levels), the next the other way. `aria-sort` tells screen readers the state.
 */
export function SortableTh({
  sortKey,
  tools,
  children,
  after,
  ...props
}: {
  sortKey: string;
  tools: ListViewState;
  children: ReactNode;
  /** Beside the button, not in it (a help icon is a control of its own). */
  after?: ReactNode;
} & TableThProps) {
  const active = tools.view.sort === sortKey;
  const Icon = !active ? IconArrowsSort : tools.view.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      {...props}
      aria-sort={active ? (tools.view.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Group gap={4} wrap="nowrap">
        <UnstyledButton
          onClick={() => tools.toggleSort(sortKey)}
          fw={700}
          fz="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
        >
          {children}
          <Icon size={14} aria-hidden opacity={active ? 1 : 0.5} />
        </UnstyledButton>
        {after}
      </Group>
    </Table.Th>
  );
}

export interface SortColumn {
  key: string;
  label: ReactNode;
  /** Beside the header's button (a help icon). */
  after?: ReactNode;
  miw?: number;
}

/** A run of sortable headers, in order. */
export function SortableThs({
  tools,
  columns,
}: {
  tools: ListViewState;
  columns: readonly SortColumn[];
}) {
  return columns.map(({ key, label, after, miw }) => (
    <SortableTh key={key} sortKey={key} tools={tools} after={after} miw={miw}>
      {label}
    </SortableTh>
  ));
}

export interface ListToolbarProps {
  tools: ListViewState;
  /** The columns to sort by (the contract's allow-list of the list). */
  sorts: readonly string[];
  /** The filters the list offers (all three by default). */
  filters?: readonly FilterName[];
  /** Offers "Unassigned only" (Manage Customers). */
  unassigned?: boolean;
  /** The export: the list's address (`…/export` is added), file name and query beyond the view. */
  exportFrom?: ExportSource;
  /** Extra controls at the start of the bar. */
  children?: ReactNode;
}

/** Filters, sort and export of a list, wrapping onto several lines on a phone. */
export function ListToolbar({
  tools,
  sorts,
  filters = Object.keys(FILTERS) as FilterName[],
  unassigned = false,
  exportFrom,
  children,
}: ListToolbarProps) {
  const { view } = tools;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {children}
      {filters.map((name) => (
        <MultiSelect
          key={name}
          label={FILTER_LABELS[name]}
          placeholder={view[name].length === 0 ? 'All' : undefined}
          data={FILTERS[name].map((value) => ({ value, label: valueLabel(name, value) }))}
          value={view[name]}
          onChange={(values) => tools.setFilter(name, values)}
          clearable
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
      {unassigned ? (
        <Switch
          label="Unassigned only"
          checked={view.unassigned}
          onChange={(event) => tools.setUnassigned(event.currentTarget.checked)}
          mb={8}
        />
      ) : null}
      <Group gap={4} align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
        <Select
          label="Sort by"
          placeholder="Default order"
          data={sorts.map((value) => ({ value, label: SORT_LABELS[value] ?? value }))}
          value={view.sort ?? null}
          onChange={(value) => tools.setSort(value)}
          clearable
          style={{ flex: 1 }}
          w={{ xs: 190 }}
        />
        <ActionIcon
          variant="default"
          size={36}
          disabled={!view.sort}
          onClick={() =>
            view.sort && tools.setSort(view.sort, view.order === 'asc' ? 'desc' : 'asc')
          }
          aria-label={`Sort order: ${ORDER_TEXT[view.order]}. Reverse`}
        >
          {view.order === 'asc' ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
        </ActionIcon>
      </Group>
      {tools.filtered ? (
        <Button variant="subtle" onClick={tools.clearFilters}>
          Clear filters
        </Button>
      ) : null}
      {exportFrom ? (
        <ExportMenu {...exportFrom} query={{ ...exportFrom.query, ...tools.query }} />
      ) : null}
    </Group>
  );
}

export const EXPORT_FAILED = 'The export could not be made. Please try again.';

/**
 * Downloads `path/export` with the list's view in the chosen format. The server writes the file
 * (every row of the sorted, filtered list, escaped against formulas); its 400 for a list too
 * large to export is shown as it is.
 */
export function ExportMenu({ path, query, fileName }: ExportSource) {
  const [busy, setBusy] = useState(false);
  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const blob = await api.get<Blob>(`${path}/export`, {
        query: { ...query, format },
        file: true,
        timeoutMs: 120_000,
      });
      saveFile(`${fileName}-${fileDate()}.${format}`, blob);
    } catch (error) {
      toast.error({ message: messageOr(error, EXPORT_FAILED) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void download('csv')}>
          CSV
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => void download('xlsx')}
        >
          Excel (.xlsx)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
