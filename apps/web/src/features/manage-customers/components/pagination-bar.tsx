import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pageSummary } from '../utils/display';

export interface PaginationBarProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
}

/** 'Showing X to Y of N customers', 'Page p of n' and Previous / Next (spec §2). */
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
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary.range}
      </Text>
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
          {summary.page}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={page >= pages || busy}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
