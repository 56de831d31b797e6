import { RM_LIST_SORTS, type WhoToCallItem, type WhoToCallScope } from '@behavio/contract';
import { Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CallStateBadge } from '@/components/ui/call-state-badge/call-state-badge';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import { ListToolbar, NO_FILTER_MATCH, SortableThs } from '@/components/ui/list-tools/list-tools';
import { ScopeControl } from '@/components/ui/list-tools/scope-control';
import { useListView, type ListViewState } from '@/components/ui/list-tools/use-list-view';
import { TopProduct } from '@/components/ui/product-badge/product-badge';
import { UrgencyBadge } from '@/components/ui/score-badges/score-badges';
import { useWhoToCall } from '../api/get-who-to-call';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { RM_LIST_ERRORS, describeListError } from '../api/list-errors';
import { CALL_OUTCOME_TEXT, useRecordCallOutcome } from '../api/record-call-outcome';
import { SEARCH_PLACEHOLDER, filterByIdOrCountry } from '../utils/search';
import { priorityStats } from '../utils/stats';
import {
  CallOutcomeActions,
  OutcomeDialogs,
  outcomeFailed,
  useOutcomeRecordedToast,
  type OutcomeDialog,
} from './call-outcome';
import { PriorityStatCards, RecommendedAction, SearchableListCard } from './list-parts';
import { RmPanel } from './panel-parts';
import { SORT_COLUMNS } from './sort-columns';
import { PriorityBar, RiskLabelBadge } from './score-parts';
import { useIsDesktop } from '@/lib/use-is-desktop';
import classes from './who-to-call-panel.module.css';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export const WHO_TO_CALL_LOADING = 'Loading recommendations...';

interface RowActions {
  /** The customer whose outcome is being recorded: every row waits for it. */
  pendingId: string | null;
  /** The customer being marked called (its button spins). */
  callingId: string | null;
  onMarkCalled: (customerId: string) => void;
  onOpen: (customerId: string, kind: 'snoozed' | 'dismissed') => void;
}

function CallTable({
  items,
  actions,
  tools,
}: {
  items: readonly WhoToCallItem[];
  actions: RowActions;
  tools: ListViewState;
}) {
  return (
    <Table stickyHeader highlightOnHover verticalSpacing="sm" miw={900}>
      <Table.Thead>
        <Table.Tr>
          <SortableThs
            tools={tools}
            columns={[
              SORT_COLUMNS.customerId,
              SORT_COLUMNS.urgency,
              { ...SORT_COLUMNS.priority, miw: 130 },
              SORT_COLUMNS.country,
              SORT_COLUMNS.age,
              { key: 'risk_profile', label: 'Risk' },
            ]}
          />
          <Table.Th>Action</Table.Th>
          <Table.Th className={classes.outcomes}>
            <VisuallyHidden>Outcome</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.customer_id}>
            <Table.Td fw={600} style={NO_WRAP}>
              <CustomerLink customerId={item.customer_id} />
              <CallStateBadge state={item.call_state} />
              <NeedsReviewBadge needsReview={item.needs_review} />
            </Table.Td>
            <Table.Td>
              <UrgencyBadge level={item.urgency_level} />
            </Table.Td>
            <Table.Td>
              <PriorityBar score={item.priority_score} why={item.why} />
            </Table.Td>
            <Table.Td>{item.country_iso}</Table.Td>
            <Table.Td>{item.age}</Table.Td>
            <Table.Td style={NO_WRAP} miw={110}>
              <RiskLabelBadge score={item.risk_profile} />
            </Table.Td>
            <Table.Td miw={220}>
              {/* The product to offer beside what to talk about (issue 18). */}
              <Stack gap={6}>
                <RecommendedAction item={item} />
                <TopProduct products={item.recommended_products} withLabel />
              </Stack>
            </Table.Td>
            <Table.Td style={NO_WRAP} className={classes.outcomes}>
              <CallOutcomeActions
                customerId={item.customer_id}
                busy={actions.callingId === item.customer_id}
                disabled={actions.pendingId !== null}
                onMarkCalled={() => actions.onMarkCalled(item.customer_id)}
                onOpen={(kind) => actions.onOpen(item.customer_id, kind)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CallCards({ items, actions }: { items: readonly WhoToCallItem[]; actions: RowActions }) {
  return (
    <Stack gap="sm" role="list" aria-label="Priority call list">
      {items.map((item) => (
        <Paper key={item.customer_id} withBorder radius="md" p="sm" role="listitem">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>
                <CustomerLink customerId={item.customer_id} />
                <CallStateBadge state={item.call_state} />
                <NeedsReviewBadge needsReview={item.needs_review} />
              </Text>
              <UrgencyBadge level={item.urgency_level} />
            </Group>
            <PriorityBar score={item.priority_score} why={item.why} />
            <Group gap="md" wrap="wrap">
              <Text size="sm" c="dimmed">
                {item.country_iso} · Age {item.age}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  Risk
                </Text>
                <RiskLabelBadge score={item.risk_profile} />
              </Group>
            </Group>
            <RecommendedAction item={item} />
            <TopProduct products={item.recommended_products} withLabel />
            <CallOutcomeActions
              withLabels
              customerId={item.customer_id}
              busy={actions.callingId === item.customer_id}
              disabled={actions.pendingId !== null}
              onMarkCalled={() => actions.onMarkCalled(item.customer_id)}
              onOpen={(kind) => actions.onOpen(item.customer_id, kind)}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * What the list shows: today's list against the book (the part of it the filters keep, when
 * there are filters), or the whole book.
 */
function scopeSummary(
  scope: WhoToCallScope,
  shown: number,
  book: number | undefined,
  filtered: boolean,
) {
  if (scope === 'all') return 'Every customer in your book, most urgent first.';
  const matching = filtered ? ' that match the filters' : '';
  const total = book === undefined ? '' : ` of the ${book} in your book${matching}`;
  return `${shown} to call today${total}: the most urgent who need a call, up to your calls per day (set in Settings).`;
}

/**
 * product-rules: Screens RM analytics screen 2: Who To Call, with the call outcomes the product
 * owner asked for; today's list first, 'Show all' for the whole book (docs/product-rules.md,
 * "Today's call list"). The stats count the whole book, as every other tab does.
 */
export function WhoToCallPanel() {
  const [scope, setScope] = useState<WhoToCallScope>('today');
  const tools = useListView(RM_LIST_SORTS.whoToCall);
  const query = useWhoToCall(scope, tools.query);
  // The stats count the whole book (with the same filters), as every other tab does.
  const book = useWhoToCall('all', tools.query);
  const outcome = useRecordCallOutcome();
  const recorded = useOutcomeRecordedToast();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OutcomeDialog>(null);
  const isDesktop = useIsDesktop();
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.whoToCall);
  useQueryErrorToast(query, { id: 'rm-who-to-call', message: errorMessage });

  const items = useMemo(() => query.data ?? [], [query.data]);
  const stats = useMemo(() => priorityStats(book.data ?? items), [book.data, items]);
  const filtered = useMemo(() => filterByIdOrCountry(items, search), [items, search]);

  const actions: RowActions = {
    pendingId: outcome.isPending ? (outcome.variables?.customer_id ?? null) : null,
    callingId:
      outcome.isPending && outcome.variables?.outcome === 'called'
        ? outcome.variables.customer_id
        : null,
    onMarkCalled: (customerId) =>
      outcome.mutate(
        { customer_id: customerId, outcome: 'called' },
        {
          onSuccess: (answer) => recorded(answer, CALL_OUTCOME_TEXT.called(customerId)),
          onError: outcomeFailed,
        },
      ),
    onOpen: (customerId, kind) => {
      outcome.reset();
      setDialog({ customerId, kind });
    },
  };

  return (
    <RmPanel
      title="Who To Call"
      subtitle="AI-prioritized list of customers to reach out to today"
      refreshLabel="Refresh Data"
      query={query}
      loadingLabel={WHO_TO_CALL_LOADING}
      loadingMessage={WHO_TO_CALL_LOADING}
      errorMessage={errorMessage}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={SEARCH_PLACEHOLDER}
      dialogs={
        <OutcomeDialogs dialog={dialog} mutation={outcome} onClose={() => setDialog(null)} />
      }
    >
      {() => (
        <>
          <PriorityStatCards stats={stats} />
          <Group justify="space-between" gap="sm">
            <ScopeControl value={scope} onChange={setScope} />
            <Text size="sm" c="dimmed">
              {scopeSummary(scope, items.length, book.data?.length, tools.filtered)}
            </Text>
          </Group>
          <ListToolbar
            tools={tools}
            sorts={RM_LIST_SORTS.whoToCall}
            exportFrom={{
              path: '/content/rm-who-to-call',
              fileName: 'who-to-call',
              query: { search, scope },
            }}
          />
          <SearchableListCard
            title="Priority Call List"
            items={items}
            shown={filtered}
            search={search}
            onClearSearch={() => setSearch('')}
            emptyIcon={<IconPhoneOff size={22} />}
            emptyTitle={tools.filtered ? NO_FILTER_MATCH : 'No customers to call at this time'}
          >
            {(visible) =>
              isDesktop ? (
                <CallTable items={visible} actions={actions} tools={tools} />
              ) : (
                <CallCards items={visible} actions={actions} />
              )
            }
          </SearchableListCard>
        </>
      )}
    </RmPanel>
  );
}
