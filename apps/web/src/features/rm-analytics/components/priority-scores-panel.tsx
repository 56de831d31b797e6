import type { PriorityScoreItem } from '@behavio/contract';
import { RM_LIST_SORTS, TOP_BIASES_LISTED } from '@behavio/contract';
import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CallStateBadge } from '@/components/ui/call-state-badge/call-state-badge';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import { ListToolbar, NO_FILTER_MATCH, SortableThs } from '@/components/ui/list-tools/list-tools';
import { useListView, type ListViewState } from '@/components/ui/list-tools/use-list-view';
import { UrgencyBadge } from '@/components/ui/score-badges/score-badges';
import { titleCase } from '@/lib/display-rules';
import { usePriorityScores } from '../api/get-priority-scores';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { RM_LIST_ERRORS, describeListError } from '../api/list-errors';
import { BIAS_HELP } from '../utils/explanations';
import { SEARCH_ID_PLACEHOLDER, filterById } from '../utils/search';
import { priorityStats } from '../utils/stats';
import { BreakdownModal, type BreakdownTarget } from './breakdown-modal';
import { PriorityStatCards, RecommendedAction, SearchableListCard } from './list-parts';
import { RmPanel } from './panel-parts';
import { SORT_COLUMNS } from './sort-columns';
import { PriorityGauge } from './score-parts';
import { useIsDesktop } from '@/lib/use-is-desktop';

/** product-rules: Screens: the first three bias names. */
function TopBiases({ item }: { item: PriorityScoreItem }) {
  const biases = item.top_biases.slice(0, TOP_BIASES_LISTED);
  if (biases.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {biases.map((bias) => (
        <Tooltip
          key={bias.bias_name}
          label={
            (BIAS_HELP as Record<string, string | undefined>)[bias.bias_name] ?? bias.bias_name
          }
          multiline
          w={280}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
            tabIndex={0}
          >
            {titleCase(bias.bias_name)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

type OpenBreakdown = (item: PriorityScoreItem) => void;

function BreakdownButton({ item, onOpen }: { item: PriorityScoreItem; onOpen: OpenBreakdown }) {
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => onOpen(item)}
      aria-label={`View Breakdown ${item.customer_id}`}
    >
      View Breakdown
    </Button>
  );
}

function InsightsTable({
  items,
  onOpen,
  tools,
}: {
  items: readonly PriorityScoreItem[];
  onOpen: OpenBreakdown;
  tools: ListViewState;
}) {
  return (
    <Table stickyHeader highlightOnHover verticalSpacing="sm" miw={860}>
      <Table.Thead>
        <Table.Tr>
          <SortableThs
            tools={tools}
            columns={[SORT_COLUMNS.customerId, SORT_COLUMNS.priority, SORT_COLUMNS.urgency]}
          />
          <Table.Th>Recommended Action</Table.Th>
          <Table.Th>Top Biases</Table.Th>
          <Table.Th>Breakdown</Table.Th>
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
              <PriorityGauge score={item.priority_score} why={item.why} />
            </Table.Td>
            <Table.Td>
              <UrgencyBadge level={item.urgency_level} />
            </Table.Td>
            <Table.Td miw={220}>
              <RecommendedAction item={item} />
            </Table.Td>
            <Table.Td miw={190}>
              <TopBiases item={item} />
            </Table.Td>
            <Table.Td>
              <BreakdownButton item={item} onOpen={onOpen} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InsightCards({
  items,
  onOpen,
}: {
  items: readonly PriorityScoreItem[];
  onOpen: OpenBreakdown;
}) {
  return (
    <Stack gap="sm" role="list" aria-label="Priority insights">
      {items.map((item) => (
        <Paper key={item.customer_id} withBorder radius="md" p="sm" role="listitem">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={4}>
                <Text fw={700}>
                  <CustomerLink customerId={item.customer_id} />
                  <CallStateBadge state={item.call_state} />
                  <NeedsReviewBadge needsReview={item.needs_review} />
                </Text>
                <UrgencyBadge level={item.urgency_level} />
              </Stack>
              <PriorityGauge score={item.priority_score} why={item.why} size={64} />
            </Group>
            <RecommendedAction item={item} />
            <TopBiases item={item} />
            <BreakdownButton item={item} onOpen={onOpen} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** product-rules: Screens RM analytics screen 3: Customer Priority Scores. */
export function PriorityScoresPanel() {
  const tools = useListView(RM_LIST_SORTS.priorityScores);
  const query = usePriorityScores(tools.query);
  const [search, setSearch] = useState('');
  const [breakdown, setBreakdown] = useState<BreakdownTarget | null>(null);
  const isDesktop = useIsDesktop();
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.priorityScores);
  useQueryErrorToast(query, { id: 'rm-priority-scores', message: errorMessage });

  const items = useMemo(() => query.data ?? [], [query.data]);
  const stats = useMemo(() => priorityStats(items), [items]);
  const filtered = useMemo(() => filterById(items, search), [items, search]);
  const openBreakdown: OpenBreakdown = (item) =>
    setBreakdown({ customerId: item.customer_id, breakdown: item.breakdown, why: item.why });

  return (
    <RmPanel
      title="Customer Priority Scores"
      subtitle="AI-driven insights ranking customers by behavioral and risk factors"
      refreshLabel="Refresh Data"
      query={query}
      loadingLabel="Loading priority scores"
      errorMessage={errorMessage}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={SEARCH_ID_PLACEHOLDER}
      dialogs={<BreakdownModal target={breakdown} onClose={() => setBreakdown(null)} />}
    >
      {() => (
        <>
          <PriorityStatCards stats={stats} />
          <ListToolbar
            tools={tools}
            sorts={RM_LIST_SORTS.priorityScores}
            exportFrom={{
              path: '/content/rm-priority-scores',
              fileName: 'priority-scores',
              query: { search },
            }}
          />
          <SearchableListCard
            title="Priority Insights"
            items={items}
            shown={filtered}
            search={search}
            onClearSearch={() => setSearch('')}
            emptyIcon={<IconChartBar size={22} />}
            emptyTitle={tools.filtered ? NO_FILTER_MATCH : 'No priority scores available'}
          >
            {(visible) =>
              isDesktop ? (
                <InsightsTable items={visible} onOpen={openBreakdown} tools={tools} />
              ) : (
                <InsightCards items={visible} onOpen={openBreakdown} />
              )
            }
          </SearchableListCard>
        </>
      )}
    </RmPanel>
  );
}
