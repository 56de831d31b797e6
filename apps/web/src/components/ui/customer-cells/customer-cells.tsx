import type { Customer } from '@behavio/contract';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { RiskProfileBadge } from '@/components/ui/score-badges/score-badges';
import { formatShortDate } from '@/lib/display-rules';

/** The columns a customer list shows (spec §2), in order. */
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
>;

export interface CustomerTableRowsProps {
  customers: readonly ListedCustomer[];
  /** Some screens name the last column 'Created Date'. */
  createdLabel?: string;
  /** Rows after the customers', e.g. one that says the list goes on. */
  children?: ReactNode;
}

/** The head and body of a customer list (spec §2), for inside a table. */
export function CustomerTableRows({
  customers,
  createdLabel = 'Created At',
  children,
}: CustomerTableRowsProps) {
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          {CUSTOMER_COLUMN_LABELS.map((label) => (
            <Table.Th key={label}>{label === 'Created At' ? createdLabel : label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {customers.map((customer) => (
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
        {children}
      </Table.Tbody>
    </>
  );
}
