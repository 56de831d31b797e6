import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatCount } from '@/lib/display-rules';

export interface PageSummary {
  /** 'Showing X to Y of N customers' */
  range: string;
  /** 'Page p of n' */
  page: string;
}

/**
 * The two lines of a paged list (docs/product-rules.md, "Screens", Manage Customers): an empty
 * list shows 0 to 0 and page 1 of 1; a page past the end shows the last page.
 */
export function pageSummary(
  page: number,
  pageSize: number,
  totalCount: number,
  noun = 'customers',
): PageSummary {
  const pages = pageCount(pageSize, totalCount);
  const current = Math.min(Math.max(1, page), pages);
  const from = totalCount === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, totalCount);
  return {
    range: `Showing ${formatCount(from)} to ${formatCount(to)} of ${formatCount(totalCount)} ${noun}`,
    page: `Page ${formatCount(current)} of ${formatCount(pages)}`,
  };
}

function pageCount(pageSize: number, totalCount: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

export interface PaginationBarProps {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  totalCount: number;
  /** What the list counts, plural: 'customers', 'events'. */
  noun: string;
  onPageChange: (page: number) => void;
  /** While the next page loads, Previous and Next wait. */
  busy?: boolean;
}

/**
 * The one pagination bar of the web app, under every paged list: 'Showing X to Y of N …',
 * 'Page p of n' and Previous / Next. Screen readers read the summary again when it changes.
 */
export function PaginationBar({
  page,
  pageSize,
  totalCount,
  noun,
  onPageChange,
  busy = false,
}: PaginationBarProps) {
  const summary = pageSummary(page, pageSize, totalCount, noun);
  const pages = pageCount(pageSize, totalCount);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary.range}
      </Text>
      <PageButtons
        page={page}
        pageLabel={summary.page}
        hasNext={page < pages}
        busy={busy}
        onPageChange={onPageChange}
      />
    </Group>
  );
}

export interface PageButtonsProps {
  /** The page shown, from 1. */
  page: number;
  /** What stands between the buttons: 'Page p of n', or 'Page p' for a list without a total. */
  pageLabel: string;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  busy?: boolean;
}

/** Previous, the page, Next: the pagination bar's buttons, also for lists that know no total. */
export function PageButtons({
  page,
  pageLabel,
  hasNext,
  onPageChange,
  busy = false,
}: PageButtonsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} />}
        disabled={page <= 1 || busy}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" fw={500} miw={90} ta="center">
        {pageLabel}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} />}
        disabled={!hasNext || busy}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
