import { RM_LIST_SORTS, type RmBookResponse } from '@behavio/contract';
import { IconBook2 } from '@tabler/icons-react';
import {
  CustomerListCards,
  CustomerTableRows,
} from '@/components/ui/customer-cells/customer-cells';
import { ListToolbar, NO_FILTER_MATCH } from '@/components/ui/list-tools/list-tools';
import { useListView, type ListViewState } from '@/components/ui/list-tools/use-list-view';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { MANAGE_CUSTOMERS_ERRORS, errorText } from '../api/messages';
import { RM_BOOK_PATH, useRmBook } from '../api/oversight';
import { customerCount } from '../utils/display';
import { slugify } from '../utils/file-name';
import { RmLookupSection, RmResult, useRequestedRm } from './rm-lookup';

/** The book's view in the page's URL, apart from the customer list's (`book_sort`…). */
const BOOK_VIEW = { prefix: 'book_' } as const;

/**
 * product-rules: Screens 'View RM Customer Book': choose an RM, 'View Book', an info line, then
 * a table with the RM's own book's tools; the admin exports it.
 */
export function RmBookSection({ canExport }: { canExport: boolean }) {
  const rm = useRequestedRm();
  const tools = useListView(RM_LIST_SORTS.book, BOOK_VIEW);
  const query = useRmBook(rm.requested, tools.query);
  useQueryErrorToast(query, {
    id: 'rm-book',
    title: MANAGE_CUSTOMERS_ERRORS.book,
    message: errorText,
  });

  return (
    <RmLookupSection
      labelId="rm-book-heading"
      title="View RM Customer Book"
      description="Choose a relationship manager to see every customer in their book."
      actionLabel="View Book"
      actionIcon={<IconBook2 size={16} />}
      rm={rm}
      query={query}
      loadingLabel="Loading the customer book"
      errorTitle={MANAGE_CUSTOMERS_ERRORS.book}
    >
      {(book) => <BookResult key={book.rm_id} book={book} tools={tools} canExport={canExport} />}
    </RmLookupSection>
  );
}

function BookResult({
  book,
  tools,
  canExport,
}: {
  book: RmBookResponse;
  tools: ListViewState;
  canExport: boolean;
}) {
  const isDesktop = useIsDesktop();
  const label = `Customer book of ${book.rm_name}`;
  return (
    <RmResult
      rmName={book.rm_name}
      summary={`has ${customerCount(book.customer_count)} in their book.`}
      rows={book.customers}
      toolbar={
        <ListToolbar
          tools={tools}
          sorts={RM_LIST_SORTS.book}
          exportFrom={
            canExport
              ? {
                  path: RM_BOOK_PATH,
                  fileName: `rm-book-${slugify(book.rm_name)}`,
                  query: { rm_id: book.rm_id },
                }
              : undefined
          }
        />
      }
      emptyText={tools.filtered ? NO_FILTER_MATCH : 'No customers found.'}
    >
      {(visible) =>
        isDesktop ? (
          <ScrollTable label={label} minWidth={520} maxHeight={600}>
            <CustomerTableRows customers={visible} tools={tools} />
          </ScrollTable>
        ) : (
          <CustomerListCards label={label} customers={visible} maxHeight={600} />
        )
      }
    </RmResult>
  );
}
