import type { ManagedCustomer } from '@behavio/contract';
import { Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import {
  CustomerCardHeading,
  CustomerCardList,
  CustomerIdentityCells,
} from '@/components/ui/customer-cells/customer-cells';
import { SortableThs, type SortColumn } from '@/components/ui/list-tools/list-tools';
import type { ListViewState } from '@/components/ui/list-tools/use-list-view';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { NOT_ASSIGNED } from '../api/messages';
import { AssignControls } from './assign-controls';

export interface CustomerListProps {
  customers: readonly ManagedCustomer[];
  /** Admins tick, assign and reassign; head and view only read. */
  canAssign: boolean;
  isSelected: (customerId: string) => boolean;
  onToggle: (customer: ManagedCustomer, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  rmName: (rmId: string) => string | undefined;
  /** The list's sort and filters: the column headers sort it. */
  tools: ListViewState;
}

const CUSTOMER_SORT_COLUMNS: readonly SortColumn[] = [
  { key: 'customer_id', label: 'Customer ID' },
  { key: 'country_iso', label: 'Country' },
  { key: 'age', label: 'Age' },
  { key: 'risk_profile', label: 'Risk Profile' },
  { key: 'rm_name', label: 'Current RM' },
];

function CurrentRm({ customer }: { customer: ManagedCustomer }) {
  return (
    customer.rm_name ?? (
      <Text span size="sm" c="dimmed" fs="italic">
        {NOT_ASSIGNED}
      </Text>
    )
  );
}

function SelectAll({ customers, isSelected, onToggleAll }: CustomerListProps) {
  const selectedOnPage = customers.filter((c) => isSelected(c.customer_id)).length;
  return (
    <Checkbox
      aria-label="Select all customers on this page"
      checked={customers.length > 0 && selectedOnPage === customers.length}
      indeterminate={selectedOnPage > 0 && selectedOnPage < customers.length}
      disabled={customers.length === 0}
      onChange={(event) => onToggleAll(event.currentTarget.checked)}
    />
  );
}

function SelectOne({
  customer,
  isSelected,
  onToggle,
}: Pick<CustomerListProps, 'isSelected' | 'onToggle'> & { customer: ManagedCustomer }) {
  return (
    <Checkbox
      aria-label={`Select ${customer.customer_id}`}
      checked={isSelected(customer.customer_id)}
      onChange={(event) => onToggle(customer, event.currentTarget.checked)}
    />
  );
}

/** product-rules: Screens Manage Customers: the paged table, on screens from the medium width up. */
export function CustomerTable(props: CustomerListProps) {
  const { customers, canAssign, isSelected, rmName, tools } = props;
  return (
    <ScrollTable label="Customers" minWidth={canAssign ? 900 : 560}>
      <Table.Thead>
        <Table.Tr>
          {canAssign ? (
            <Table.Th w={40}>
              <SelectAll {...props} />
            </Table.Th>
          ) : null}
          <SortableThs tools={tools} columns={CUSTOMER_SORT_COLUMNS} />
          {canAssign ? (
            <>
              <Table.Th>RM</Table.Th>
              <Table.Th>Action</Table.Th>
            </>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers.map((customer) => (
          <Table.Tr
            key={customer.customer_id}
            bg={isSelected(customer.customer_id) ? 'brand.0' : undefined}
          >
            {canAssign ? (
              <Table.Td>
                <SelectOne customer={customer} {...props} />
              </Table.Td>
            ) : null}
            <CustomerIdentityCells customer={customer} />
            <Table.Td>
              <CurrentRm customer={customer} />
            </Table.Td>
            {canAssign ? (
              <AssignControls customer={customer} rmName={rmName} layout="cells" />
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/**
 * The same page as cards below the medium width, as the RM screens do (product-rules: Constants): a table of
 * eight columns would leave the RM choice and the Assign button off a phone's screen.
 */
export function CustomerCards(props: CustomerListProps) {
  const { customers, canAssign, isSelected, rmName } = props;
  return (
    <Stack gap="xs">
      {canAssign && customers.length > 0 ? (
        <Group gap="xs">
          <SelectAll {...props} />
          <Text size="sm" c="dimmed">
            Select all on this page
          </Text>
        </Group>
      ) : null}
      <CustomerCardList
        label="Customers"
        items={customers}
        highlighted={(customer) => isSelected(customer.customer_id)}
      >
        {(customer) => (
          <Stack gap="xs">
            <CustomerCardHeading
              customer={customer}
              leading={canAssign ? <SelectOne customer={customer} {...props} /> : null}
            />
            <Text size="sm">
              <Text span size="sm" c="dimmed">
                Current RM:{' '}
              </Text>
              <CurrentRm customer={customer} />
            </Text>
            {canAssign ? (
              <AssignControls customer={customer} rmName={rmName} layout="line" />
            ) : null}
          </Stack>
        )}
      </CustomerCardList>
    </Stack>
  );
}
