import type { RmBookResponse } from '@behavio/contract';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconBook2, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MANAGE_CUSTOMERS_ERRORS, errorText, useQueryErrorToast } from '../api/messages';
import { useRmBook } from '../api/oversight';
import { downloadCsv, fileDate, slugify, toCsv } from '../utils/csv';
import { customerCount, formatShortDate } from '../utils/display';
import { BOOK_CSV_COLUMNS } from '../utils/exports';
import { RiskProfileBadge } from './badges';
import { RmPicker } from './rm-picker';
import { useRowLimit } from './row-limit';
import { EmptyLine, LoadError, Loading, Section } from './section';

/** Spec §2 'View RM Customer Book': choose an RM, 'View Book', an info line, then a table. */
export function RmBookSection() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const query = useRmBook(requested);
  useQueryErrorToast('rm-book', query, MANAGE_CUSTOMERS_ERRORS.book);

  const view = () => {
    if (!chosen) return;
    if (chosen === requested) void query.refetch();
    else setRequested(chosen);
  };

  let body = null;
  if (requested) {
    if (query.isPending) body = <Loading label="Loading the customer book" />;
    else if (query.isError)
      body = (
        <LoadError
          title={MANAGE_CUSTOMERS_ERRORS.book}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    else body = <BookResult key={query.data.rm_id} book={query.data} />;
  }

  return (
    <Section
      labelId="rm-book-heading"
      title="View RM Customer Book"
      description="Choose a relationship manager to see every customer in their book."
    >
      <RmPicker
        value={chosen}
        onChange={setChosen}
        actionLabel="View Book"
        onAction={view}
        loading={query.isFetching}
        icon={<IconBook2 size={16} />}
      />
      {body}
    </Section>
  );
}

function BookResult({ book }: { book: RmBookResponse }) {
  const { visible, more } = useRowLimit(book.customers);
  const exportCsv = () =>
    downloadCsv(
      `rm-book-${slugify(book.rm_name)}-${fileDate()}.csv`,
      toCsv(BOOK_CSV_COLUMNS, book.customers),
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          py={8}
          style={{ flex: '1 1 260px' }}
        >
          <Text size="sm">
            <Text span fw={600} inherit>
              {book.rm_name}
            </Text>{' '}
            has {customerCount(book.customer_count)} in their book.
          </Text>
        </Alert>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={book.customers.length === 0}
        >
          Export CSV
        </Button>
      </Group>
      {book.customers.length === 0 ? (
        <EmptyLine>No customers found.</EmptyLine>
      ) : (
        <>
          <Table.ScrollContainer minWidth={520} maxHeight={600} type="native">
            <Table
              styles={{ th: { whiteSpace: 'nowrap' } }}
              stickyHeader
              highlightOnHover
              verticalSpacing="sm"
              aria-label={`Customer book of ${book.rm_name}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer ID</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>Risk Profile</Table.Th>
                  <Table.Th>Created At</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.map((customer) => (
                  <Table.Tr key={customer.customer_id}>
                    <Table.Td fw={600}>{customer.customer_id}</Table.Td>
                    <Table.Td>{customer.country_iso}</Table.Td>
                    <Table.Td>{customer.age}</Table.Td>
                    <Table.Td>
                      <RiskProfileBadge value={customer.risk_profile} />
                    </Table.Td>
                    <Table.Td>{formatShortDate(customer.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {more}
        </>
      )}
    </Stack>
  );
}
