import { REQUIRED_COLUMN_COUNT } from '@behavio/contract';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';

/**
 * The onboarding upload screen (spec §2 "Upload screen"): the only screen while the user has no
 * file. The ingestion work fills in the guide, drop zone, progress, preview and Continue.
 */
export function UploadScreen() {
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Upload your customers file
        </Title>
        <Text c="dimmed">
          Upload a CSV or Excel file with your customers ({REQUIRED_COLUMN_COUNT} required columns)
          to get per-customer insights and product recommendations.
        </Text>
      </Stack>
      <Paper
        withBorder
        p={{ base: 'lg', sm: 48 }}
        style={{ borderStyle: 'dashed', borderWidth: 2 }}
        bg="white"
      >
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconFileSpreadsheet size={34} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600}>Accepted file types: .csv, .xlsx, .xls</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
