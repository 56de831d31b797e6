import { Paper, Text } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header/page-header';

/** Placeholder: the datasets work fills this page. */
export function DatasetsPage() {
  return (
    <>
      <PageHeader
        title="Your Datasets"
        description="Upload customer files and review the files you have uploaded."
      />
      <Paper withBorder p="xl" bg="white">
        <Text c="dimmed">Your uploaded files will appear here.</Text>
      </Paper>
    </>
  );
}
