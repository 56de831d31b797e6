import type { RmBookResponse } from '@behavio/contract';
import { IconBook2 } from '@tabler/icons-react';
import {
  CustomerListCards,
  CustomerTableRows,
} from '@/components/ui/customer-cells/customer-cells';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { MANAGE_CUSTOMERS_ERRORS, errorText } from '../api/messages';
import { useRmBook } from '../api/oversight';
import { customerCount } from '../utils/display';
import { BOOK_CSV_COLUMNS } from '../utils/exports';
import { RmLookupSection, RmResult, useRequestedRm } from './rm-lookup';

/** product-rules: Screens 'View RM Customer Book': choose an RM, 'View Book', an info line, then a table. */
export function RmBookSection() {
  const rm = useRequestedRm();
  const query = useRmBook(rm.requested);
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
      {(book) => <BookResult key={book.rm_id} book={book} />}
    </RmLookupSection>
  );
}

function BookResult({ book }: { book: RmBookResponse }) {
  const isDesktop = useIsDesktop();
  const label = `Customer book of ${book.rm_name}`;
  return (
    <RmResult
      rmName={book.rm_name}
      summary={`has ${customerCount(book.customer_count)} in their book.`}
      rows={book.customers}
      exportName="rm-book"
      csvColumns={BOOK_CSV_COLUMNS}
      emptyText="No customers found."
    >
      {(visible) =>
        isDesktop ? (
          <ScrollTable label={label} minWidth={520} maxHeight={600}>
            <CustomerTableRows customers={visible} />
          </ScrollTable>
        ) : (
          <CustomerListCards label={label} customers={visible} maxHeight={600} />
        )
      }
    </RmResult>
  );
}
