import type {
  ImportProgress as ImportProgressCounts,
  JobStatus,
  UploadResponse,
} from '@behavio/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ImportProgress } from '@/components/ui/import-progress/import-progress';
import { formatCount, formatKb } from '../utils/format';
import { CustomerPreviewTable } from './customer-preview-table';
import { FileChip } from './file-chip';
import { ImportChecks } from './import-checks';

function Meta({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Box>
  );
}

export interface UploadResultProps {
  /** The upload answer, kept up to date while the import runs. */
  result: Omit<UploadResponse, 'message'>;
  /** How far the import has got, from the polls while it runs. */
  progress?: ImportProgressCounts;
  variant: 'onboarding' | 'datasets';
  /** False for a failed attempt: no success box and no Continue. */
  succeeded: boolean;
  onDelete: () => void;
  deleting: boolean;
  /** Offered after a successful upload only. */
  onContinue?: () => void;
  continuing?: boolean;
}

const STATUS_BADGE: Record<JobStatus, { color: string; label: string }> = {
  processing: { color: 'yellow.5', label: 'processing' },
  completed: { color: 'green.9', label: 'completed' },
  failed: { color: 'red.9', label: 'failed' },
};

/**
 * After an upload (product-rules: Screens): the success box, the file chip, the metadata grid, the row checks,
 * 'Preview (first N customers)', 'Remove File' (or 'Delete File') and 'Continue'.
 */
export function UploadResult({
  result,
  variant,
  succeeded,
  onDelete,
  deleting,
  onContinue,
  continuing,
  progress,
}: UploadResultProps) {
  const { preview, file_id: fileId, job_status: jobStatus } = result;
  const processing = jobStatus === 'processing';
  const badge = STATUS_BADGE[jobStatus];

  return (
    <Stack gap="md">
      {succeeded ? (
        <Alert
          color="teal"
          variant="light"
          radius="lg"
          icon={<IconCircleCheck size={22} />}
          title="Your file has been saved"
        >
          {variant === 'datasets'
            ? 'You can preview it or delete it here.'
            : 'You can preview it or delete it here, or in the Datasets tab.'}
        </Alert>
      ) : null}
      {succeeded && processing ? (
        <Alert
          color="yellow"
          variant="light"
          radius="lg"
          icon={<Loader size={18} color="yellow.8" />}
        >
          The import continues in the background. This page updates by itself.
          {progress ? <ImportProgress progress={progress} /> : null}
        </Alert>
      ) : null}

      <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <FileChip
            name={preview.filename}
            size={preview.file_size}
            extra={
              <Badge
                variant="filled"
                color={badge.color}
                autoContrast
                radius="sm"
                style={{ flexShrink: 0 }}
              >
                {badge.label}
              </Badge>
            }
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
            <Meta label="Filename" value={preview.filename} />
            <Meta
              label="Total Rows"
              value={
                processing && preview.total_rows === null
                  ? 'Processing...'
                  : formatCount(preview.total_rows)
              }
            />
            <Meta label="Total Columns" value={formatCount(preview.total_columns)} />
            <Meta label="File Size in KB" value={formatKb(preview.file_size)} />
          </SimpleGrid>
        </Stack>
      </Paper>

      {fileId ? (
        <ImportChecks
          fileId={fileId}
          filename={preview.filename}
          jobStatus={jobStatus}
          preview={preview}
        />
      ) : null}

      {preview.preview_rows.length > 0 ? (
        <CustomerPreviewTable rows={preview.preview_rows} withLeverage={variant === 'onboarding'} />
      ) : null}

      <Group justify="flex-end" gap="sm">
        {fileId ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={onDelete}
            loading={deleting}
          >
            {variant === 'onboarding' ? 'Remove File' : 'Delete File'}
          </Button>
        ) : null}
        {succeeded && onContinue ? (
          <Button
            rightSection={<IconArrowRight size={18} />}
            onClick={onContinue}
            loading={continuing}
          >
            Continue
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
