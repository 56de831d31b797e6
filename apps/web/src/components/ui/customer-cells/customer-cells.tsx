import type { Customer } from '@behavio/contract';
import { Table } from '@mantine/core';
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

/** The header cells of a customer list; some screens name the last column 'Created Date'. */
export function CustomerHeaderCells({ createdLabel = 'Created At' }: { createdLabel?: string }) {
  return (
    <>
      {CUSTOMER_COLUMN_LABELS.map((label) => (
        <Table.Th key={label}>{label === 'Created At' ? createdLabel : label}</Table.Th>
      ))}
    </>
  );
}

type ListedCustomer = Pick<
  Customer,
  'customer_id' | 'country_iso' | 'age' | 'risk_profile' | 'created_at'
>;

/** One customer's cells under `CustomerHeaderCells`. */
export function CustomerCells({ customer }: { customer: ListedCustomer }) {
  return (
    <>
      <Table.Td fw={600}>{customer.customer_id}</Table.Td>
      <Table.Td>{customer.country_iso}</Table.Td>
      <Table.Td>{customer.age}</Table.Td>
      <Table.Td>
        <RiskProfileBadge value={customer.risk_profile} />
      </Table.Td>
      <Table.Td>{formatShortDate(customer.created_at)}</Table.Td>
    </>
  );
}
