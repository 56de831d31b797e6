import type { WhoToCallItem } from '@behavio/contract';
import {
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useWhoToCall } from '../api/get-who-to-call';
import { RM_LIST_ERRORS, describeListError, useListErrorToast } from '../api/list-errors';
import { CALL_OUTCOME_TEXT, useRecordCallOutcome } from '../api/record-call-outcome';
import { PRIORITY_HELP, URGENCY_HELP } from '../utils/explanations';
import { SEARCH_PLACEHOLDER, filterByIdOrCountry } from '../utils/search';
import { priorityStats } from '../utils/stats';
import { toast } from '@/lib/notify';
import {
  CallOutcomeActions,
  OutcomeDialogs,
  outcomeFailed,
  type OutcomeDialog,
} from './call-outcome';
import {
  EmptyState,
  HeaderWithHelp,
  ListHeading,
  NoMatches,
  PanelError,
  PanelHeader,
  PanelLoading,
  SearchInput,
  StatCard,
} from './panel-parts';
import { PriorityBar, RiskLabelBadge, UrgencyBadge } from './score-parts';
import { ScrollList } from './scroll-list';
import { useIsDesktop } from './use-is-desktop';

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

/** The recommended action (full text in a tooltip) and the plain-words why under it. */
function ActionCell({ item }: { item: WhoToCallItem }) {
  return (
    <Stack gap={4}>
      <Tooltip
        label={item.recommended_action}
        multiline
        w={360}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Text size="sm" lineClamp={2} tabIndex={0} style={{ cursor: 'help' }}>
          {item.recommended_action}
        </Text>
      </Tooltip>
      <Text size="xs" c="dimmed" lineClamp={3}>
        Why: {item.why}
      </Text>
    </Stack>
  );
}

function CallTable({ items, actions }: { items: readonly WhoToCallItem[]; actions: RowActions }) {
  return (
    <Table stickyHeader highlightOnHover verticalSpacing="sm" miw={900}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={NO_WRAP}>Customer ID</Table.Th>
          <Table.Th>
            <HeaderWithHelp label="Urgency" help={URGENCY_HELP} />
          </Table.Th>
          <Table.Th miw={130}>
            <HeaderWithHelp label="Priority" help={PRIORITY_HELP} />
          </Table.Th>
          <Table.Th>Country</Table.Th>
          <Table.Th>Age</Table.Th>
          <Table.Th>Risk</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>
            <VisuallyHidden>Outcome</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.customer_id}>
            <Table.Td fw={600} style={NO_WRAP}>
              {item.customer_id}
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
              <ActionCell item={item} />
            </Table.Td>
            <Table.Td style={NO_WRAP}>
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
              <Text fw={700}>{item.customer_id}</Text>
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
            <ActionCell item={item} />
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

/** Spec §2 RM analytics screen 2: Who To Call, with the call outcomes the product owner asked for. */
export function WhoToCallPanel() {
  const query = useWhoToCall();
  const outcome = useRecordCallOutcome();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OutcomeDialog>(null);
  const isDesktop = useIsDesktop();
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.whoToCall);
  useListErrorToast('rm-who-to-call', query, errorMessage);

  const items = useMemo(() => query.data ?? [], [query.data]);
  const stats = useMemo(() => priorityStats(items), [items]);
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
          onSuccess: (answer) =>
            toast.success({ title: answer.message, message: CALL_OUTCOME_TEXT.called(customerId) }),
          onError: outcomeFailed,
        },
      ),
    onOpen: (customerId, kind) => {
      outcome.reset();
      setDialog({ customerId, kind });
    },
  };

  let body;
  if (query.isPending) {
    body = <PanelLoading label={WHO_TO_CALL_LOADING} message={WHO_TO_CALL_LOADING} />;
  } else if (query.isError) {
    body = <PanelError message={errorMessage} />;
  } else {
    body = (
      <>
        <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
          <StatCard label="Total Customers" value={stats.total} />
          <StatCard label="Avg Priority" value={stats.avgPriority} suffix="/ 10" />
          <StatCard
            label="High Urgency"
            value={stats.highUrgency}
            color="red"
            hint="Urgent or high"
          />
        </SimpleGrid>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} bg="white">
          <ListHeading title="Priority Call List" count={`${filtered.length} of ${items.length}`} />
          {items.length === 0 ? (
            <EmptyState
              icon={<IconPhoneOff size={22} />}
              title="No customers to call at this time"
            />
          ) : filtered.length === 0 ? (
            <NoMatches search={search} onClear={() => setSearch('')} />
          ) : (
            <ScrollList key={search} items={filtered}>
              {(visible) =>
                isDesktop ? (
                  <CallTable items={visible} actions={actions} />
                ) : (
                  <CallCards items={visible} actions={actions} />
                )
              }
            </ScrollList>
          )}
        </Paper>
      </>
    );
  }

  return (
    <Stack gap="md">
      <PanelHeader
        title="Who To Call"
        subtitle="AI-prioritized list of customers to reach out to today"
        refreshLabel="Refresh Data"
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching && !query.isPending}
      />
      <SearchInput value={search} onChange={setSearch} placeholder={SEARCH_PLACEHOLDER} />
      {body}
      <OutcomeDialogs dialog={dialog} mutation={outcome} onClose={() => setDialog(null)} />
    </Stack>
  );
}
