import { SETTINGS_CUSTOMERS_SHOWN } from '@behavio/contract';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { CUSTOMER_LIST_TEXT, useSettingsCustomers } from '../api/settings-customers';
import { formatShortDate, riskProfileColor } from '../utils/display';

const COLUMNS = ['Customer ID', 'Country', 'Age', 'Risk Profile', 'Created At'] as const;

/**
 * Spec §2 Settings: the first customers of the firm (page 1 of 10, the first 7 shown, then an
 * ellipsis row when there are more) and a 'Manage Customers' button to /settings/manageCustomers.
 */
export function SettingsCustomerList() {
  const query = useSettingsCustomers();

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status" aria-label="Loading customers">
        <Loader type="dots" />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        title={CUSTOMER_LIST_TEXT.fetchError}
        icon={<IconAlertCircle size={20} />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{messageOr(query.error, CUSTOMER_LIST_TEXT.fallback)}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const { customers, pagination } = query.data;
    const shown = customers.slice(0, SETTINGS_CUSTOMERS_SHOWN);
    const more = Math.max(customers.length, pagination.total_count) > shown.length;
    body =
      customers.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          {CUSTOMER_LIST_TEXT.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table
            styles={{ th: { whiteSpace: 'nowrap' } }}
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Customer List"
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((customer) => (
                <Table.Tr key={customer.customer_id}>
                  <Table.Td fw={600}>{customer.customer_id}</Table.Td>
                  <Table.Td>{customer.country_iso}</Table.Td>
                  <Table.Td>{customer.age}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={riskProfileColor(customer.risk_profile)}
                      variant="light"
                      radius="sm"
                      size="lg"
                      tt="none"
                    >
                      {customer.risk_profile}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatShortDate(customer.created_at)}</Table.Td>
                </Table.Tr>
              ))}
              {more ? (
                <Table.Tr aria-label="More customers">
                  {COLUMNS.map((column) => (
                    <Table.Td key={column} c="dimmed">
                      ...
                    </Table.Td>
                  ))}
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
  }

  const total = query.data?.pagination.total_count;
  return (
    <Paper
      component="section"
      aria-labelledby="settings-customer-list-heading"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="xs">
            <Title order={2} id="settings-customer-list-heading" fz={{ base: 18, sm: 20 }}>
              Customer List
            </Title>
            {total !== undefined ? (
              <Badge variant="light" color="gray" radius="sm">
                {total.toLocaleString('en-US')} total
              </Badge>
            ) : null}
          </Group>
          <Button
            component={Link}
            to={paths.manageCustomers}
            leftSection={<IconUsersGroup size={16} />}
          >
            Manage Customers
          </Button>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
