import {
  CHANGE_KINDS,
  CHANGE_RULES,
  type CustomerChange,
  type FileChangeItem,
  type FileChangesResponse,
} from '@behavio/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import { PaginationBar } from '@/components/ui/pagination-bar/pagination-bar';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { Stat } from '@/components/ui/stat/stat';
import { hasCode, messageOr } from '@/lib/api-client';
import { formatCount } from '@/lib/display-rules';
import { CHANGE_KIND_LABELS, changedFigures } from '@/lib/insight-changes';
import { FILE_CHANGES_PAGE_SIZE, FILE_CHANGES_TEXT, useFileChanges } from '../api/file-changes';

const CHANGE_LOOK: Record<CustomerChange, { label: string; color: string }> = {
  new: { label: 'New', color: 'teal' },
  updated: { label: 'Updated', color: 'blue' },
  removed: { label: 'Removed', color: 'gray' },
};

function Counts({ summary }: { summary: FileChangesResponse }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Stat label="New customers" value={formatCount(summary.new_customers)} color="teal.8" />
      <Stat label="Updated" value={formatCount(summary.updated)} color="blue.8" />
      <Stat label="Unchanged" value={formatCount(summary.unchanged)} color="dark" />
      <Stat label="Removed" value={formatCount(summary.removed)} color="dark" />
    </SimpleGrid>
  );
}

/** How many customers showed each kind of change, with the rule that names it. */
function KindCounts({ summary }: { summary: FileChangesResponse }) {
  return (
    <Stack gap={6}>
      <Title order={4} fz="sm">
        Changes by kind
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="xs"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Changes by kind"
      >
        {CHANGE_KINDS.map((kind) => (
          <Paper key={kind} component="li" withBorder radius="md" p="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {CHANGE_KIND_LABELS[kind]}
              </Text>
              <Badge
                variant={summary.changes[kind] > 0 ? 'filled' : 'light'}
                color={summary.changes[kind] > 0 ? 'orange.9' : 'gray'}
                radius="sm"
              >
                {formatCount(summary.changes[kind])}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {CHANGE_RULES[kind]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ItemRow({ item }: { item: FileChangeItem }) {
  const look = CHANGE_LOOK[item.change];
  const figures = changedFigures(item.before, item.after).filter((figure) =>
    ['Priority', 'Urgency', 'Risk level', 'Segment'].includes(figure.label),
  );
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <CustomerLink customerId={item.customer_id} />
      </Table.Td>
      <Table.Td>
        {/* Whole, however the kinds beside it squeeze the column. */}
        <Badge
          variant="light"
          color={look.color}
          radius="sm"
          tt="none"
          style={{ minWidth: 'max-content' }}
        >
          {look.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {item.kinds.length === 0 ? (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ) : (
          <Group gap={4}>
            {item.kinds.map((kind) => (
              <Badge key={kind} variant="light" color="orange" radius="sm" tt="none">
                {CHANGE_KIND_LABELS[kind]}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {figures.length === 0 ? (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ) : (
          <Stack gap={0}>
            {figures.map((figure) => (
              <Text key={figure.label} size="sm">
                {figure.label}: {figure.before} → {figure.after}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Items({
  summary,
  page,
  busy,
  onPageChange,
}: {
  summary: FileChangesResponse;
  page: number;
  busy: boolean;
  onPageChange: (page: number) => void;
}) {
  if (summary.total_items === 0) return <EmptyLine>{FILE_CHANGES_TEXT.noItems}</EmptyLine>;
  return (
    <Stack gap="sm">
      <ScrollTable label="Customers this import created or changed" minWidth={680}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Kinds</Table.Th>
            <Table.Th>Before → after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.items.map((item) => (
            <ItemRow key={item.customer_id} item={item} />
          ))}
        </Table.Tbody>
      </ScrollTable>
      <PaginationBar
        page={page}
        pageSize={FILE_CHANGES_PAGE_SIZE}
        totalCount={summary.total_items}
        noun="customers"
        onPageChange={onPageChange}
        busy={busy}
      />
    </Stack>
  );
}

/**
 * What a completed import changed (issue 19, item 2), on the file's Datasets tab for the roles
 * that may read it: new, updated, unchanged and removed customers, how many showed each kind of
 * change, and a page of the customers with their changes, before → after.
 */
export function FileChanges({ fileId }: { fileId: string }) {
  const [page, setPage] = useState(1);
  const query = useFileChanges(fileId, page);

  let body;
  if (query.isPending) body = <LoadingState label="Loading the changes" />;
  else if (query.isError)
    body = hasCode(query.error, 'not_found') ? (
      <Text size="sm" c="dimmed">
        {FILE_CHANGES_TEXT.notFound}
      </Text>
    ) : (
      <LoadErrorAlert
        title={FILE_CHANGES_TEXT.loadFailed}
        message={messageOr(query.error, FILE_CHANGES_TEXT.fallback)}
        query={query}
      />
    );
  else
    body = (
      <>
        <Counts summary={query.data} />
        <KindCounts summary={query.data} />
        <Items
          summary={query.data}
          page={page}
          busy={query.isPlaceholderData}
          onPageChange={setPage}
        />
      </>
    );

  return (
    <Paper
      component="section"
      aria-labelledby={`file-changes-${fileId}`}
      withBorder
      bg="white"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Title order={3} fz="lg" id={`file-changes-${fileId}`}>
          {FILE_CHANGES_TEXT.title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
