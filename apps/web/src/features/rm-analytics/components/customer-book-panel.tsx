import type { Customer } from '@behavio/contract';
import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useOwnBook } from '../api/get-own-book';
import { RM_LIST_ERRORS, describeListError, useListErrorToast } from '../api/list-errors';
import { formatShortDate } from '../utils/format';
import { SEARCH_PLACEHOLDER, filterByIdOrCountry } from '../utils/search';
import { bookStats } from '../utils/stats';
import {
  EmptyState,
  ListHeading,
  NoMatches,
  PanelError,
  PanelHeader,
  PanelLoading,
  SearchInput,
  StatCard,
} from './panel-parts';
import { RiskProfileValue } from './score-parts';
import { ScrollList } from './scroll-list';
import { useIsDesktop } from './use-is-desktop';

function BookTable({ customers }: { customers: readonly Customer[] }) {
  return (
    <Table stickyHeader highlightOnHover verticalSpacing="sm" miw={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Customer ID</Table.Th>
          <Table.Th>Country</Table.Th>
          <Table.Th>Age</Table.Th>
          <Table.Th>Risk Profile</Table.Th>
          <Table.Th>Created Date</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers.map((customer) => (
          <Table.Tr key={customer.customer_id}>
            <Table.Td fw={600}>{customer.customer_id}</Table.Td>
            <Table.Td>{customer.country_iso}</Table.Td>
            <Table.Td>{customer.age}</Table.Td>
            <Table.Td>
              <RiskProfileValue value={customer.risk_profile} />
            </Table.Td>
            <Table.Td>{formatShortDate(customer.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function BookCards({ customers }: { customers: readonly Customer[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Customers">
      {customers.map((customer) => (
        <Paper key={customer.customer_id} withBorder radius="md" p="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{customer.customer_id}</Text>
              <Text size="sm" c="dimmed">
                {customer.country_iso} · Age {customer.age}
              </Text>
              <Text size="xs" c="dimmed">
                Created {formatShortDate(customer.created_at)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="xs" c="dimmed">
                Risk Profile
              </Text>
              <RiskProfileValue value={customer.risk_profile} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Spec §2 RM analytics screen 1: My Customer Book. */
export function CustomerBookPanel() {
  const query = useOwnBook();
  const [search, setSearch] = useState('');
  const isDesktop = useIsDesktop();
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.ownBook, {
    serverMessage: true,
  });
  useListErrorToast('rm-own-book', query, errorMessage);

  const customers = useMemo(() => query.data?.customers ?? [], [query.data]);
  const stats = useMemo(() => bookStats(customers), [customers]);
  const filtered = useMemo(() => filterByIdOrCountry(customers, search), [customers, search]);

  let body;
  if (query.isPending) {
    body = <PanelLoading label="Loading your customer book" />;
  } else if (query.isError) {
    body = <PanelError message={errorMessage} />;
  } else {
    body = (
      <>
        <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
          <StatCard label="Total Customers" value={query.data.customer_count} />
          <StatCard label="Avg Risk" value={stats.avgRisk} suffix="/ 10" />
          <StatCard label="High Risk" value={stats.highRisk} color="red" hint="Risk profile 7+" />
        </SimpleGrid>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} bg="white">
          <ListHeading
            title="Customer Directory"
            count={`${filtered.length} of ${customers.length}`}
          />
          {customers.length === 0 ? (
            <EmptyState icon={<IconUsers size={22} />} title="No customers in your book yet" />
          ) : filtered.length === 0 ? (
            <NoMatches search={search} onClear={() => setSearch('')} />
          ) : (
            <ScrollList key={search} items={filtered}>
              {(visible) =>
                isDesktop ? <BookTable customers={visible} /> : <BookCards customers={visible} />
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
        title="My Customer Book"
        refreshLabel="Refresh Data"
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching && !query.isPending}
      />
      <SearchInput value={search} onChange={setSearch} placeholder={SEARCH_PLACEHOLDER} />
      {body}
    </Stack>
  );
}
