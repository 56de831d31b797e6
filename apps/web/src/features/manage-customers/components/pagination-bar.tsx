import { PaginationBar as PaginationControls } from '@/components/ui/pagination-bar/pagination-bar';
import { pageSummary } from '../utils/display';

export interface PaginationBarProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
}

/** 'Showing X to Y of N customers', 'Page p of n' and Previous / Next (product-rules: Screens). */
export function PaginationBar({
  page,
  pageSize,
  totalCount,
  onPageChange,
  busy,
}: PaginationBarProps) {
  const summary = pageSummary(page, pageSize, totalCount);
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  return (
    <PaginationControls
      summary={summary.range}
      pageLabel={summary.page}
      onPrevious={() => onPageChange(page - 1)}
      onNext={() => onPageChange(page + 1)}
      previousDisabled={page <= 1 || Boolean(busy)}
      nextDisabled={page >= pages || Boolean(busy)}
      announceSummary
    />
  );
}
