import { REQUIRED_COLUMN_COUNT } from '@behavio/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';
import { UploadPanel } from './upload-panel';

/**
 * The onboarding upload screen (product-rules: Screens "Upload screen"): the only screen while the user has no
 * file. Continue reloads the user, and the shell moves on once noOfFileUploads is not 0.
 */
export function UploadScreen() {
  usePageTitle('Upload your customers file');
  const { data: user } = useUser();
  const isAdmin = user?.role === 'admin';
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Upload your customers file
        </Title>
        <Text c="dimmed">
          {isAdmin
            ? `Upload a CSV or Excel file with your customers (${REQUIRED_COLUMN_COUNT} required columns) to get per-customer insights and product recommendations.`
            : 'Per-customer insights and product recommendations start from your firm’s customers file.'}
        </Text>
      </Stack>
      <UploadPanel variant="onboarding" />
      {isAdmin && (
        <Text size="sm" c="dimmed">
          Your firm’s systems can send customers instead of a file:{' '}
          <Anchor component={Link} to={paths.apiKeys} underline="always">
            create an API key
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}
