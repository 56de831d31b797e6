import { Paper, Text } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header/page-header';

/** Placeholder: the settings work fills this page. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Manage your team, roles and customers." />
      <Paper withBorder p="xl" bg="white">
        <Text c="dimmed">Team and customer management will appear here.</Text>
      </Paper>
    </>
  );
}
