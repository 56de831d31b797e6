import {
  RM_LIST_SORTS,
  type AdminWhoToCallResponse,
  type WhoToCallItem,
  type WhoToCallScope,
} from '@behavio/contract';
import { Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { useState } from 'react';
import { CallStateBadge } from '@/components/ui/call-state-badge/call-state-badge';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import {
  ListToolbar,
  NO_FILTER_MATCH,
  SortableThs,
  type SortColumn,
} from '@/components/ui/list-tools/list-tools';
import { ScopeControl } from '@/components/ui/list-tools/scope-control';
import { useListView, type ListViewState } from '@/components/ui/list-tools/use-list-view';
import {
  PriorityBadge,
  RiskProfileBadge,
  UrgencyBadge,
} from '@/components/ui/score-badges/score-badges';
import {
  CustomerCardHeading,
  CustomerCardList,
} from '@/components/ui/customer-cells/customer-cells';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { MANAGE_CUSTOMERS_ERRORS, errorText } from '../api/messages';
import { RM_WHO_TO_CALL_PATH, useRmWhoToCall } from '../api/oversight';
import { customerCount } from '../utils/display';
import { slugify } from '../utils/file-name';
import { RmLookupSection, RmResult, useRequestedRm } from './rm-lookup';

/** The call list's view in the page's URL, apart from the customer list's (`call_sort`…). */
const CALL_VIEW = { prefix: 'call_' } as const;

/** The call list's state: today's list or the whole book, and the list's sort and filters. */
interface CallView {
  scope: WhoToCallScope;
  setScope: (scope: WhoToCallScope) => void;
  tools: ListViewState;
}

/**
 * product-rules: Screens 'Who To Call (Priority List)': choose an RM, 'Get List', then the call
 * list, as the RM sees it: today's list first ("Show all" for the book), each customer's call
 * state, the RM's list tools; the admin exports what is shown.
 */
export function WhoToCallSection({ canExport }: { canExport: boolean }) {
  const rm = useRequestedRm();
  const [scope, setScope] = useState<WhoToCallScope>('today');
  const tools = useListView(RM_LIST_SORTS.whoToCall, CALL_VIEW);
  const query = useRmWhoToCall(rm.requested, scope, tools.query);
  useQueryErrorToast(query, {
    id: 'rm-who-to-call',
    title: MANAGE_CUSTOMERS_ERRORS.whoToCall,
    message: errorText,
  });

  return (
    <RmLookupSection
      labelId="who-to-call-heading"
      title="Who To Call (Priority List)"
      description="Choose a relationship manager to see whom they should call first."
      actionLabel="Get List"
      actionIcon={<IconPhoneCall size={16} />}
      rm={rm}
      query={query}
      loadingLabel="Loading the call list"
      errorTitle={MANAGE_CUSTOMERS_ERRORS.whoToCall}
    >
      {(result) => (
        <CallListResult
          key={result.rm_id}
          result={result}
          view={{ scope, setScope, tools }}
          canExport={canExport}
        />
      )}
    </RmLookupSection>
  );
}

/** The columns of product-rules: Screens, each sorting the list. */
const CALL_SORT_COLUMNS: readonly SortColumn[] = [
  { key: 'customer_id', label: 'Customer ID' },
  { key: 'priority_score', label: 'Priority Score' },
  { key: 'urgency_level', label: 'Urgency', miw: 110 },
  { key: 'risk_profile', label: 'Risk Profile' },
  { key: 'age', label: 'Age' },
  { key: 'country_iso', label: 'Country' },
];

/** The call list from the medium width up: the columns of product-rules: Screens, the why in a tooltip. */
function CallTable({
  label,
  items,
  tools,
}: {
  label: string;
  items: readonly WhoToCallItem[];
  tools: ListViewState;
}) {
  return (
    <ScrollTable label={label} minWidth={960} maxHeight={600}>
      <Table.Thead>
        <Table.Tr>
          <SortableThs tools={tools} columns={CALL_SORT_COLUMNS} />
          <Table.Th w={340}>Recommended Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.customer_id}>
            <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
              <CustomerLink customerId={item.customer_id} />
              <CallStateBadge state={item.call_state} />
              <NeedsReviewBadge needsReview={item.needs_review} />
            </Table.Td>
            <Table.Td>
              <PriorityBadge score={item.priority_score} />
            </Table.Td>
            <Table.Td>
              <UrgencyBadge level={item.urgency_level} />
            </Table.Td>
            <Table.Td>
              <RiskProfileBadge value={item.risk_profile} />
            </Table.Td>
            <Table.Td>{item.age}</Table.Td>
            <Table.Td>{item.country_iso}</Table.Td>
            <Table.Td>
              <Tooltip
                label={`Why: ${item.why}`}
                multiline
                w={320}
                withArrow
                events={{ hover: true, focus: true, touch: true }}
              >
                <Text size="sm" lineClamp={3} tabIndex={0}>
                  {item.recommended_action}
                </Text>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** The call list on a phone: a card per customer, highest priority first. */
function CallCards({ label, items }: { label: string; items: readonly WhoToCallItem[] }) {
  return (
    <CustomerCardList label={label} items={items} maxHeight={600}>
      {(item) => (
        <Stack gap="xs">
          <CustomerCardHeading customer={item} />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Priority Score
            </Text>
            <PriorityBadge score={item.priority_score} />
            <UrgencyBadge level={item.urgency_level} />
          </Group>
          <Text size="sm">{item.recommended_action}</Text>
          <Text size="xs" c="dimmed">
            Why: {item.why}
          </Text>
        </Stack>
      )}
    </CustomerCardList>
  );
}

/** What the list shows: today's list, or the whole book. */
const scopeSummary = (scope: WhoToCallScope, shown: number) =>
  scope === 'today'
    ? `has ${customerCount(shown)} to call today, the most urgent who need a call, up to their calls per day.`
    : `has ${customerCount(shown)} in their book, highest priority first.`;

function CallListResult({
  result,
  view,
  canExport,
}: {
  result: AdminWhoToCallResponse;
  view: CallView;
  canExport: boolean;
}) {
  const isDesktop = useIsDesktop();
  const label = `Call list of ${result.rm_name}`;
  const { scope, setScope, tools } = view;
  return (
    <RmResult
      rmName={result.rm_name}
      summary={scopeSummary(scope, result.list.length)}
      rows={result.list}
      toolbar={
        <ListToolbar
          tools={tools}
          sorts={RM_LIST_SORTS.whoToCall}
          exportFrom={
            canExport
              ? {
                  path: RM_WHO_TO_CALL_PATH,
                  fileName: `who-to-call-${slugify(result.rm_name)}`,
                  query: { rm_id: result.rm_id, scope },
                }
              : undefined
          }
        >
          <ScopeControl value={scope} onChange={setScope} />
        </ListToolbar>
      }
      emptyText={tools.filtered ? NO_FILTER_MATCH : 'No customers to call at this time'}
    >
      {(visible) =>
        isDesktop ? (
          <CallTable label={label} items={visible} tools={tools} />
        ) : (
          <CallCards label={label} items={visible} />
        )
      }
    </RmResult>
  );
}
