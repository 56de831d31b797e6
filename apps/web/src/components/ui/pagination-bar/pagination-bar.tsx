import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface PaginationBarProps {
  /** 'Showing X to Y of N ...' */
  summary: string;
  /** 'Page p of n' */
  pageLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  previousDisabled: boolean;
  nextDisabled: boolean;
  /** Screen readers read the summary again whenever it changes. */
  announceSummary?: boolean;
}

/** The line under a paged table: what is shown, the page, and Previous / Next. */
export function PaginationBar({
  summary,
  pageLabel,
  onPrevious,
  onNext,
  previousDisabled,
  nextDisabled,
  announceSummary = false,
}: PaginationBarProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live={announceSummary ? 'polite' : undefined}>
        {summary}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={previousDisabled}
          onClick={onPrevious}
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
          disabled={nextDisabled}
          onClick={onNext}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
