import { FILE_TAB_PREVIEW_ROWS, TOAST_MS, type FileSummary } from '@behavio/contract';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconEdit, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ImportProgress } from '@/components/ui/import-progress/import-progress';
import { paths } from '@/config/paths';
import { FILE_TEXT } from '@/lib/customer-files';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { DATASETS_TEXT, useFilePreview } from '../api/files';
import { formatFileSize } from '@/lib/display-rules';
import { formatDateTime } from '../utils/format';
import type { RenderImportChecks } from './import-checks-slot';
import { FileChanges } from './file-changes';
import { FilePreviewTable } from './file-preview-table';
import { FileReading } from './file-reading';
import { JobStatusBadge } from './job-status-badge';
import { FIX_TEXT } from '../api/file-fixes';
import { RejectedRowsFix } from './rejected-rows-fix';

export interface FileTabPanelProps {
  file: FileSummary;
  isAdmin: boolean;
  /** The role may read what the import changed (admin, head, compliance). */
  showChanges: boolean;
  onDelete: (file: FileSummary) => void;
  deleting: boolean;
  renderImportChecks: RenderImportChecks;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {children}
    </Group>
  );
}

/**
 * One uploaded file (product-rules: Screens Datasets): facts, status, row checks, what the import
 * changed (issue 19), preview, hint, Delete File.
 */
export function FileTabPanel({
  file,
  isAdmin,
  showChanges,
  onDelete,
  deleting,
  renderImportChecks,
}: FileTabPanelProps) {
  const previewQuery = useFilePreview(file.file_id, file.job_status);
  // The preview polls while the file is processing: one toast per run of failures.
  useQueryErrorToast(previewQuery, {
    id: `datasets-preview-${file.file_id}`,
    ...FILE_TEXT.previewFailed,
    durationMs: TOAST_MS.general,
    repeat: 'once',
  });

  const loaded = previewQuery.data;
  // The freshest of the two: the preview is polled as often as the list.
  const status = loaded?.job_status ?? file.job_status;
  const preview = loaded?.preview;
  const error = preview?.error ?? file.error;
  const [fixing, setFixing] = useState(false);
  const fixable = isAdmin && status === 'completed' && (preview?.rejected_rows ?? 0) > 0;

  return (
    <Stack gap="md">
      <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={8} miw={0} style={{ flex: '1 1 260px' }}>
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {file.filename}
            </Title>
            <Fact label="File ID">
              <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{file.file_id}</Code>
            </Fact>
            <Group gap="lg" style={{ rowGap: 6 }}>
              <Fact label="Size">
                <Text size="sm" fw={600}>
                  {formatFileSize(file.file_size)}
                </Text>
              </Fact>
              <Fact label="Status">
                <JobStatusBadge status={status} />
              </Fact>
              <Fact label="Uploaded">
                <Text size="sm">{formatDateTime(file.uploaded_at)}</Text>
              </Fact>
            </Group>
          </Stack>
          {isAdmin ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={() => onDelete(file)}
              loading={deleting}
            >
              Delete File
            </Button>
          ) : null}
        </Group>
      </Paper>

      {status === 'failed' && error ? (
        <Alert
          color="red"
          variant="light"
          radius="lg"
          icon={<IconAlertCircle size={22} />}
          title="The import failed"
        >
          {error}
        </Alert>
      ) : null}
      {status === 'processing' ? (
        <Alert
          color="yellow"
          variant="light"
          radius="lg"
          icon={<Loader size={18} color="yellow.8" />}
        >
          This file is still being imported. This tab updates by itself.
          <ImportProgress progress={loaded ?? file} />
        </Alert>
      ) : null}

      {preview
        ? renderImportChecks({
            fileId: file.file_id,
            filename: file.filename,
            jobStatus: status,
            preview,
          })
        : null}

      {fixable || fixing ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconEdit size={18} />}
            onClick={() => setFixing((open) => !open)}
            aria-expanded={fixing}
          >
            {fixing ? FIX_TEXT.close : FIX_TEXT.open}
          </Button>
        </Group>
      ) : null}
      {fixing ? <RejectedRowsFix fileId={file.file_id} /> : null}
      {showChanges && status === 'completed' ? <FileChanges fileId={file.file_id} /> : null}

      {preview?.reading ? <FileReading reading={preview.reading} /> : null}

      <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            Preview (first {FILE_TAB_PREVIEW_ROWS} rows)
          </Title>
          {previewQuery.isPending ? (
            <Group gap="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Loading preview...
              </Text>
            </Group>
          ) : preview ? (
            <FilePreviewTable preview={preview} />
          ) : (
            <Text c="dimmed" size="sm">
              {DATASETS_TEXT.noPreview}
            </Text>
          )}
        </Stack>
      </Paper>

      {isAdmin ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconUsers size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="sm" c="dimmed">
            Assign these customers to your relationship managers in{' '}
            <Anchor component={Link} to={paths.settings} size="sm" underline="always">
              Settings
            </Anchor>
            .
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
