import {
  CUSTOMER_LIST_SORTS,
  MANAGE_CUSTOMERS_PAGE_SIZE,
  type ManagedCustomer,
} from '@behavio/contract';
import { Button, Group, LoadingOverlay, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsShuffle, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ListToolbar } from '@/components/ui/list-tools/list-tools';
import { useListView } from '@/components/ui/list-tools/use-list-view';
import { PaginationBar } from '@/components/ui/pagination-bar/pagination-bar';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { useCustomersPage, useRms } from '../api/customers';
import { MANAGE_CUSTOMERS_ERRORS, errorText } from '../api/messages';
import { BulkAssignBar } from './bulk-assign-bar';
import { CustomerCards, CustomerTable, type CustomerListProps } from './customer-list';
import { DistributeModal } from './distribute-modal';

export const CUSTOMER_SEARCH_PLACEHOLDER = 'Search by Customer ID or Country...';

const PAGE_PARAM = ['page'] as const;

type PageUpdate = (next: { page?: number; search?: string }, replace?: boolean) => void;

/** The page and the applied search live in the address (?page=2&search=GBR): Back works. */
function usePageAndSearch() {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const search = params.get('search') ?? '';
  const update = useCallback<PageUpdate>(
    (next, replace = false) => {
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          const nextPage = next.page ?? page;
          const nextSearch = next.search ?? search;
          if (nextPage > 1) out.set('page', String(nextPage));
          else out.delete('page');
          if (nextSearch) out.set('search', nextSearch);
          else out.delete('search');
          return out;
        },
        { replace },
      );
    },
    [setParams, page, search],
  );
  return { page, search, update };
}

/** The customers ticked for a bulk assignment, with whether each already has an RM. */
function useCustomerSelection(customers: ManagedCustomer[]) {
  const [selected, setSelected] = useState<Map<string, { assigned: boolean }>>(() => new Map());
  const setMany = (list: ManagedCustomer[], checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const customer of list) {
        if (checked) next.set(customer.customer_id, { assigned: customer.rm_id !== null });
        else next.delete(customer.customer_id);
      }
      return next;
    });
  return {
    selected,
    toggle: (customer: ManagedCustomer, checked: boolean) => setMany([customer], checked),
    toggleAll: (checked: boolean) => setMany(customers, checked),
    clear: () => setSelected(new Map()),
  };
}

/** The RMs' names by id, for the Current RM column. */
function useRmName() {
  const rmsQuery = useRms();
  const rmNames = useMemo(
    () => new Map((rmsQuery.data?.rms ?? []).map((rm) => [rm.rm_id, rm.full_name])),
    [rmsQuery.data],
  );
  return useCallback((rmId: string) => rmNames.get(rmId), [rmNames]);
}

/** The search box, kept in step with the address when it changes under the page (Back). */
function CustomerSearch({ search, update }: { search: string; update: PageUpdate }) {
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setDraft(search);
  }
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: draft.trim(), page: 1 });
  };
  return (
    <form onSubmit={submitSearch} role="search" style={{ flex: '1 1 300px', maxWidth: 520 }}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          aria-label="Search customers"
          placeholder={CUSTOMER_SEARCH_PLACEHOLDER}
          leftSection={<IconSearch size={16} />}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          style={{ flex: 1 }}
          maxLength={100}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}

function SearchResultsLine({ search, update }: { search: string; update: PageUpdate }) {
  if (!search) return null;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Results for &ldquo;{search}&rdquo;
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={() => update({ search: '', page: 1 })}>
        Clear search
      </Button>
    </Group>
  );
}

/** One page of customers: loading, the load error, or the table (cards on a phone) and the bar. */
function CustomerPage({
  query,
  listProps,
  onPageChange,
}: {
  query: ReturnType<typeof useCustomersPage>;
  listProps: CustomerListProps;
  onPageChange: (page: number) => void;
}) {
  const isDesktop = useIsDesktop();
  if (query.isPending) return <LoadingState label="Loading customers" />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorAlert
        title={MANAGE_CUSTOMERS_ERRORS.customers}
        message={errorText(query.error)}
        query={query}
      />
    );
  }
  const { pagination } = query.data;
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative' }}>
        <LoadingOverlay
          visible={query.isPlaceholderData && query.isFetching}
          zIndex={2}
          overlayProps={{ blur: 1 }}
        />
        {isDesktop ? <CustomerTable {...listProps} /> : <CustomerCards {...listProps} />}
        {listProps.customers.length === 0 ? <EmptyLine>No customers found.</EmptyLine> : null}
      </div>
      <PaginationBar
        page={pagination.page}
        pageSize={pagination.page_size || MANAGE_CUSTOMERS_PAGE_SIZE}
        totalCount={pagination.total_count}
        noun="customers"
        onPageChange={onPageChange}
        busy={query.isFetching && query.isPlaceholderData}
      />
    </Stack>
  );
}

/** product-rules: Screens Manage Customers: search, the paged table and assignment (admin only). */
export function CustomerAssignment({ canAssign }: { canAssign: boolean }) {
  const { page, search, update } = usePageAndSearch();
  const [distributeOpen, setDistributeOpen] = useState(false);
  // A new sort or filter starts again from the first page.
  const tools = useListView(CUSTOMER_LIST_SORTS, { unassigned: true, resetParams: PAGE_PARAM });
  const query = useCustomersPage(page, search, tools.query);
  const rmName = useRmName();
  useQueryErrorToast(query, {
    id: 'customers',
    title: MANAGE_CUSTOMERS_ERRORS.customers,
    message: errorText,
  });

  // A page past the end (e.g. after customers moved away) falls back to the last one.
  const totalPages = query.data?.pagination.total_pages;
  useEffect(() => {
    if (totalPages !== undefined && !query.isPlaceholderData && page > totalPages) {
      update({ page: totalPages }, true);
    }
  }, [totalPages, page, query.isPlaceholderData, update]);

  const customers = query.data?.customers ?? [];
  const selection = useCustomerSelection(customers);
  const listProps: CustomerListProps = {
    customers,
    canAssign,
    isSelected: (customerId) => selection.selected.has(customerId),
    onToggle: selection.toggle,
    onToggleAll: selection.toggleAll,
    rmName,
    tools,
  };

  return (
    <SectionCard
      labelId="customers-heading"
      title="Customers"
      description={
        canAssign
          ? 'Search your customers and assign each one to a relationship manager.'
          : 'Search your customers and see who looks after each one.'
      }
    >
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <CustomerSearch search={search} update={update} />
        {canAssign ? (
          <Button
            variant="light"
            leftSection={<IconArrowsShuffle size={16} />}
            onClick={() => setDistributeOpen(true)}
          >
            Distribute unassigned evenly
          </Button>
        ) : null}
      </Group>
      <ListToolbar
        tools={tools}
        sorts={CUSTOMER_LIST_SORTS}
        unassigned
        exportFrom={{ path: '/content/list-customers', fileName: 'customers', query: { search } }}
      />
      <SearchResultsLine search={search} update={update} />
      {canAssign && selection.selected.size > 0 ? (
        <BulkAssignBar selected={selection.selected} onClear={selection.clear} />
      ) : null}
      <CustomerPage
        query={query}
        listProps={listProps}
        onPageChange={(next) => update({ page: next })}
      />
      {canAssign ? (
        <DistributeModal opened={distributeOpen} onClose={() => setDistributeOpen(false)} />
      ) : null}
    </SectionCard>
  );
}
