import { RM_LIST_SORTS, type BookCustomer } from '@behavio/contract';
import { SimpleGrid, Table } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  CustomerListCards,
  CustomerTableRows,
  type ExtraColumn,
} from '@/components/ui/customer-cells/customer-cells';
import { ListToolbar, NO_FILTER_MATCH } from '@/components/ui/list-tools/list-tools';
import { useListView, type ListViewState } from '@/components/ui/list-tools/use-list-view';
import { TopProduct } from '@/components/ui/product-badge/product-badge';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useOwnBook } from '../api/get-own-book';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { RM_LIST_ERRORS, describeListError } from '../api/list-errors';
import { SEARCH_PLACEHOLDER, filterByIdOrCountry } from '../utils/search';
import { bookStats } from '../utils/stats';
import { SearchableListCard } from './list-parts';
import { RmPanel, StatCard } from './panel-parts';

/** Beyond the spec's columns (issue 18): the best product to offer each customer now. */
const TOP_PRODUCT_COLUMN: ExtraColumn<BookCustomer> = {
  label: 'Top Product',
  cell: (customer) => <TopProduct products={customer.recommended_products} />,
};

function BookTable({
  customers,
  tools,
}: {
  customers: readonly BookCustomer[];
  tools: ListViewState;
}) {
  return (
    <Table stickyHeader highlightOnHover verticalSpacing="sm" miw={760}>
      <CustomerTableRows
        customers={customers}
        createdLabel="Created Date"
        extraColumn={TOP_PRODUCT_COLUMN}
        tools={tools}
      />
    </Table>
  );
}

/** The book's High Risk (spec: risk profile 7 or more) is not the Risk Ranking's high risk. */
export const HIGH_RISK_HELP =
  'Customers whose own stated risk profile is 7 or more out of 10. The Risk Ranking groups customers by the risk their portfolio carries (leverage, concentration, drawdown, a mismatch with the stated profile), so its High Risk count can differ.';

/** Beyond the spec's empty text: a new RM learns how customers reach their book. */
export const EMPTY_BOOK_HINT =
  'Your firm admin assigns customers to you in Manage Customers. They appear here, with their insights, once assigned.';

/** product-rules: Screens RM analytics screen 1: My Customer Book. */
export function CustomerBookPanel() {
  const tools = useListView(RM_LIST_SORTS.book);
  const query = useOwnBook(tools.query);
  const [search, setSearch] = useState('');
  const isDesktop = useIsDesktop();
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.ownBook, {
    serverMessage: true,
  });
  useQueryErrorToast(query, { id: 'rm-own-book', message: errorMessage });

  const customers = useMemo(() => query.data?.customers ?? [], [query.data]);
  const stats = useMemo(() => bookStats(customers), [customers]);
  const filtered = useMemo(() => filterByIdOrCountry(customers, search), [customers, search]);

  return (
    <RmPanel
      title="My Customer Book"
      refreshLabel="Refresh Data"
      query={query}
      loadingLabel="Loading your customer book"
      errorMessage={errorMessage}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={SEARCH_PLACEHOLDER}
    >
      {(book) => (
        <>
          <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
            <StatCard label="Total Customers" value={book.customer_count} />
            <StatCard label="Avg Risk" value={stats.avgRisk} suffix="/ 10" />
            <StatCard
              label="High Risk"
              value={stats.highRisk}
              color="red"
              hint="Risk profile 7+"
              help={HIGH_RISK_HELP}
            />
          </SimpleGrid>
          <ListToolbar
            tools={tools}
            sorts={RM_LIST_SORTS.book}
            exportFrom={{
              path: '/content/rm-own-book',
              fileName: 'customer-book',
              query: { search },
            }}
          />
          <SearchableListCard
            title="Customer Directory"
            items={customers}
            shown={filtered}
            search={search}
            onClearSearch={() => setSearch('')}
            emptyIcon={<IconUsers size={22} />}
            emptyTitle={tools.filtered ? NO_FILTER_MATCH : 'No customers in your book yet'}
            emptyDescription={tools.filtered ? undefined : EMPTY_BOOK_HINT}
          >
            {(visible) =>
              isDesktop ? (
                <BookTable customers={visible} tools={tools} />
              ) : (
                <CustomerListCards
                  label="Customers"
                  customers={visible}
                  extra={TOP_PRODUCT_COLUMN.cell}
                />
              )
            }
          </SearchableListCard>
        </>
      )}
    </RmPanel>
  );
}
