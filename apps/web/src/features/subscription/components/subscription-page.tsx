import { Paper, Text } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header/page-header';

/** Placeholder: the subscription work fills this page. */
export function SubscriptionPage() {
  return (
    <>
      <PageHeader title="Subscription" description="Your plan and billing." />
      <Paper withBorder p="xl" bg="white">
        <Text c="dimmed">Plan details will appear here.</Text>
      </Paper>
    </>
  );
}
