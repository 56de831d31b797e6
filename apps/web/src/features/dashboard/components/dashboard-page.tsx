import { Paper, Text } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header/page-header';

/** Placeholder: the dashboard work fills this page. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of your customers and insights." />
      <Paper withBorder p="xl" bg="white">
        <Text c="dimmed">Your insights will appear here.</Text>
      </Paper>
    </>
  );
}
