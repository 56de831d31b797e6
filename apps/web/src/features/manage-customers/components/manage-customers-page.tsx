import { Paper, Text } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header/page-header';

/** Placeholder: the customer assignment work fills this page. */
export function ManageCustomersPage() {
  return (
    <>
      <PageHeader
        title="Manage Customers"
        description="Search customers and assign them to relationship managers."
      />
      <Paper withBorder p="xl" bg="white">
        <Text c="dimmed">The customer list will appear here.</Text>
      </Paper>
    </>
  );
}
