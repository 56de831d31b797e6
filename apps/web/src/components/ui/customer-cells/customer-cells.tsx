import type { CallState, Customer } from '@behavio/contract';
import { Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CallStateBadge } from '@/components/ui/call-state-badge/call-state-badge';
import { NeedsReviewBadge } from '@/components/ui/needs-review-badge/needs-review-badge';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import { SortableTh } from '@/components/ui/list-tools/list-tools';
import type { ListViewState } from '@/components/ui/list-tools/use-list-view';
import { RiskProfileBadge } from '@/components/ui/score-badges/score-badges';
import { formatShortDate } from '@/lib/display-rules';

/** The columns a customer list shows (product-rules: Screens), in order. */
export const CUSTOMER_COLUMN_LABELS = [
  'Customer ID',
  'Country',
  'Age',
  'Risk Profile',
  'Created At',
] as const;

type ListedCustomer = Pick<
  Customer,
  'customer_id' | 'country_iso' | 'age' | 'risk_profile' | 'created_at'
> & {
  /** Where the customer stands on their RM's call list, on the RM's book (issue 20). */
  call_state?: CallState | null;
  /** A vulnerability flag asks for a review (issue 28). */
  needs_review?: boolean;
};

/** A column a list adds after the customer's own (e.g. the book's top product). */
export interface ExtraColumn<T> {
  label: string;
  cell: (customer: T) => ReactNode;
}

export interface CustomerTableRowsProps<T extends ListedCustomer> {
  customers: readonly T[];
  /** Some screens name the last column 'Created Date'. */
  createdLabel?: string;
  extraColumn?: ExtraColumn<T>;
  /** Rows after the customers', e.g. one that says the list goes on. */
  children?: ReactNode;
  /** The list's sort, when its column headers sort it (issue 20). */
  tools?: ListViewState;
}

/** The column each label sorts by. */
const COLUMN_SORT_KEYS: Record<(typeof CUSTOMER_COLUMN_LABELS)[number], string> = {
  'Customer ID': 'customer_id',
  Country: 'country_iso',
  Age: 'age',
  'Risk Profile': 'risk_profile',
  'Created At': 'created_at',
};

/** Customer ID, Country, Age and the coloured Risk Profile: the first cells of a customer row. */
export function CustomerIdentityCells({
  customer,
}: {
  customer: Omit<ListedCustomer, 'created_at'>;
}) {
  return (
    <>
      <Table.Td fw={600}>
        <CustomerLink customerId={customer.customer_id} />
        <CallStateBadge state={customer.call_state} />
        <NeedsReviewBadge needsReview={customer.needs_review} />
      </Table.Td>
      <Table.Td>{customer.country_iso}</Table.Td>
      <Table.Td>{customer.age}</Table.Td>
      <Table.Td>
        <RiskProfileBadge value={customer.risk_profile} />
      </Table.Td>
    </>
  );
}

/**
 * The top of a customer's card in a phone layout: ID, country and age (and `details` below
 * them) on the left, the coloured Risk Profile on the right, `leading` (a tick box) before all.
 */
export function CustomerCardHeading({
  customer,
  leading,
  details,
}: {
  customer: Omit<ListedCustomer, 'created_at'>;
  leading?: ReactNode;
  details?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {leading}
        <Stack gap={2}>
          <Text fw={600}>
            <CustomerLink customerId={customer.customer_id} />
            <CallStateBadge state={customer.call_state} />
            <NeedsReviewBadge needsReview={customer.needs_review} />
          </Text>
          <Text size="sm" c="dimmed">
            {customer.country_iso} · Age {customer.age}
          </Text>
          {details}
        </Stack>
      </Group>
      <Stack gap={2} align="flex-end">
        <Text size="xs" c="dimmed">
          Risk Profile
        </Text>
        <RiskProfileBadge value={customer.risk_profile} />
      </Stack>
    </Group>
  );
}

/** The head and body of a customer list (product-rules: Screens), for inside a table. */
export function CustomerTableRows<T extends ListedCustomer>({
  customers,
  createdLabel = 'Created At',
  extraColumn,
  children,
  tools,
}: CustomerTableRowsProps<T>) {
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          {CUSTOMER_COLUMN_LABELS.map((label) => {
            const text = label === 'Created At' ? createdLabel : label;
            return tools ? (
              <SortableTh key={label} sortKey={COLUMN_SORT_KEYS[label]} tools={tools}>
                {text}
              </SortableTh>
            ) : (
              <Table.Th key={label}>{text}</Table.Th>
            );
          })}
          {extraColumn ? <Table.Th>{extraColumn.label}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers.map((customer) => (
          <Table.Tr key={customer.customer_id}>
            <CustomerIdentityCells customer={customer} />
            <Table.Td>{formatShortDate(customer.created_at)}</Table.Td>
            {extraColumn ? <Table.Td>{extraColumn.cell(customer)}</Table.Td> : null}
          </Table.Tr>
        ))}
        {children}
      </Table.Tbody>
    </>
  );
}

export interface CustomerCardListProps<T extends { customer_id: string }> {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  /** Scrolls within this height (product-rules: Constants: list areas at most 600px). */
  maxHeight?: number;
  /** Cards drawn as selected. */
  highlighted?: (item: T) => boolean;
  children: (item: T) => ReactNode;
}

/** A list of customers as cards, the phone layout of a customer table (product-rules: Constants). */
export function CustomerCardList<T extends { customer_id: string }>({
  label,
  items,
  maxHeight,
  highlighted,
  children,
}: CustomerCardListProps<T>) {
  const list = (
    <Stack gap="xs" role="list" aria-label={label}>
      {items.map((item) => (
        <Paper
          key={item.customer_id}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          bg={highlighted?.(item) ? 'brand.0' : undefined}
        >
          {children(item)}
        </Paper>
      ))}
    </Stack>
  );
  return maxHeight === undefined ? (
    list
  ) : (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
      {list}
    </ScrollArea.Autosize>
  );
}

/** The cards of a customer list: the phone layout of `CustomerTableRows`. */
export function CustomerListCards<T extends ListedCustomer>({
  label,
  customers,
  maxHeight,
  extra,
}: {
  label: string;
  customers: readonly T[];
  maxHeight?: number;
  /** Under the created date, e.g. the book's top product. */
  extra?: (customer: T) => ReactNode;
}) {
  return (
    <CustomerCardList label={label} items={customers} maxHeight={maxHeight}>
      {(customer) => (
        <CustomerCardHeading
          customer={customer}
          details={
            <>
              <Text size="xs" c="dimmed">
                Created {formatShortDate(customer.created_at)}
              </Text>
              {extra?.(customer)}
            </>
          }
        />
      )}
    </CustomerCardList>
  );
}
