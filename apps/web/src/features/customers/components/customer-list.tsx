import { SETTINGS_CUSTOMERS_SHOWN } from '@behavio/contract';
import { Badge, Table } from '@mantine/core';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import {
  CUSTOMER_COLUMN_LABELS,
  CustomerListCards,
  CustomerTableRows,
} from '@/components/ui/customer-cells/customer-cells';
import { ManageCustomersButton } from '@/components/ui/manage-customers-button/manage-customers-button';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { messageOr } from '@/lib/api-client';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { CUSTOMER_LIST_TEXT, useSettingsCustomers } from '../api/settings-customers';

/**
 * product-rules: Screens Settings: the first customers of the firm (page 1 of 10, the first 7 shown, then an
 * ellipsis row when there are more) and a 'Manage Customers' button to /settings/manageCustomers.
 */
export function SettingsCustomerList() {
  const query = useSettingsCustomers();
  const isDesktop = useIsDesktop();

  let body;
  if (query.isPending) {
    body = <LoadingState label="Loading customers" />;
  } else if (query.isError) {
    body = (
      <LoadErrorAlert
        title={CUSTOMER_LIST_TEXT.fetchError}
        message={messageOr(query.error, CUSTOMER_LIST_TEXT.fallback)}
        query={query}
      />
    );
  } else {
    const { customers, pagination } = query.data;
    const shown = customers.slice(0, SETTINGS_CUSTOMERS_SHOWN);
    const more = Math.max(customers.length, pagination.total_count) > shown.length;
    body =
      customers.length === 0 ? (
        <EmptyLine>{CUSTOMER_LIST_TEXT.empty}</EmptyLine>
      ) : !isDesktop ? (
        // On a phone, cards as in Manage Customers; the button below leads to the rest.
        <CustomerListCards label="Customer List" customers={shown} />
      ) : (
        <ScrollTable label="Customer List" minWidth={560}>
          <CustomerTableRows customers={shown}>
            {more ? (
              <Table.Tr aria-label="More customers">
                {CUSTOMER_COLUMN_LABELS.map((column) => (
                  <Table.Td key={column} c="dimmed">
                    ...
                  </Table.Td>
                ))}
              </Table.Tr>
            ) : null}
          </CustomerTableRows>
        </ScrollTable>
      );
  }

  const total = query.data?.pagination.total_count;
  return (
    <SectionCard
      labelId="settings-customer-list-heading"
      title="Customer List"
      titleAside={
        total !== undefined ? (
          <Badge variant="light" color="gray" radius="sm">
            {total.toLocaleString('en-US')} total
          </Badge>
        ) : null
      }
      actions={<ManageCustomersButton />}
    >
      {body}
    </SectionCard>
  );
}
