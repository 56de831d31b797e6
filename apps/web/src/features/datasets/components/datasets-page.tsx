import { type FileSummary, type JobStatus } from '@behavio/contract';
import { Alert, Box, Group, Loader, Tabs, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { RetryButton } from '@/components/ui/query-states/query-states';
import { endsSession } from '@/lib/api-client';
import { useRefreshUser, useUser } from '@/lib/auth';
import { jobStatusColor } from '@/lib/display-rules';
import { FILE_TEXT, filesQueryKey, toastDeleteFailed, useDeleteFile } from '@/lib/customer-files';
import { toast } from '@/lib/notify';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { SEES_FILE_CHANGES } from '../api/file-changes';
import { useFiles } from '../api/files';
import { FailedUploads } from './failed-uploads';
import { FileTabPanel } from './file-tab-panel';
import type { RenderImportChecks } from './import-checks-slot';

export interface UploadTabHandlers {
  /** A file was stored or removed by the upload tab: the list is read again. */
  onFilesChanged: () => void;
  /** Continue after an upload: the new file's tab opens. */
  onContinue: (fileId: string | null) => void;
}

export interface DatasetsPageProps {
  /** The upload flow (features/upload), composed by the route. */
  renderUploadTab: (handlers: UploadTabHandlers) => ReactNode;
  /** A file's accepted/rejected counts, problems and error report (features/upload). */
  renderImportChecks: RenderImportChecks;
}

const UPLOAD_TAB = 'upload';

// The 1px padding keeps the active tab's underline, which hangs 1px below the row, unclipped.
const TAB_ROW: CSSProperties = {
  flexWrap: 'nowrap',
  overflowX: 'auto',
  overflowY: 'hidden',
  paddingBottom: 1,
  scrollbarWidth: 'thin',
};
const TAB: CSSProperties = { flexShrink: 0 };

function StatusDot({ status }: { status: JobStatus }) {
  return (
    <Box
      component="span"
      aria-hidden
      w={8}
      h={8}
      bg={jobStatusColor(status)}
      style={{ borderRadius: '50%', display: 'inline-block', flexShrink: 0 }}
    />
  );
}

/**
 * 'Your Datasets' (product-rules: Screens): an 'Upload Dataset' tab, then one tab per uploaded file
 * (failed imports under the upload instead, FailedUploads). The list is polled every 2 s while a
 * file is still being imported.
 */
export function DatasetsPage({ renderUploadTab, renderImportChecks }: DatasetsPageProps) {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  const filesQuery = useFiles();
  const remove = useDeleteFile();
  const [selected, setSelected] = useState<string>(UPLOAD_TAB);

  const listed = filesQuery.data ?? [];
  // Failed imports are not uploaded files: they are listed under the upload, not as tabs.
  const files = listed.filter((file) => file.job_status !== 'failed');
  const failed = listed.filter((file) => file.job_status === 'failed');
  // A deleted (or not yet listed) file falls back to the upload tab.
  const active = files.some((file) => file.file_id === selected) ? selected : UPLOAD_TAB;
  const deletingId = remove.isPending ? (remove.variables ?? null) : null;
  const isAdmin = user?.role === 'admin';

  const listFailed = filesQuery.isError && !endsSession(filesQuery.error);
  // The list polls while a file is processing: one toast per run of failures.
  useQueryErrorToast(filesQuery, { id: 'datasets-files', ...FILE_TEXT.listFailed, repeat: 'once' });

  const handleDelete = (file: FileSummary) => {
    modals.openConfirmModal({
      title: 'Delete File',
      children: <Text size="sm">{FILE_TEXT.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file.file_id, {
          onSuccess: () => {
            toast.success({ message: FILE_TEXT.deleted });
            setSelected(UPLOAD_TAB);
            queryClient.setQueryData<FileSummary[]>(filesQueryKey, (list) =>
              list?.filter((item) => item.file_id !== file.file_id),
            );
            void queryClient.invalidateQueries({ queryKey: filesQueryKey });
            // The firm's file count may have changed (0 brings back the upload-only view).
            void refreshUser();
          },
          onError: (error) => toastDeleteFailed('datasets', error),
        }),
    });
  };

  return (
    <>
      <PageHeader
        title="Your Datasets"
        description="Upload customer files and review the files your firm has uploaded."
      />

      {listFailed ? (
        <Alert
          color="red"
          variant="light"
          radius="lg"
          mb="lg"
          icon={<IconAlertCircle size={22} />}
          title={FILE_TEXT.listFailed.title}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{FILE_TEXT.listFailed.message}</Text>
            <RetryButton query={filesQuery} size="xs" variant="white" color="red">
              Try again
            </RetryButton>
          </Group>
        </Alert>
      ) : null}

      <Tabs
        value={active}
        onChange={(value) => setSelected(value ?? UPLOAD_TAB)}
        keepMounted={false}
      >
        {/* One row that scrolls sideways: wrapped, a firm's files stacked the tabs a screen
            tall on a phone. */}
        <Tabs.List style={TAB_ROW}>
          <Tabs.Tab value={UPLOAD_TAB} leftSection={<IconUpload size={16} />} style={TAB}>
            Upload Dataset
          </Tabs.Tab>
          {files.map((file) => (
            <Tooltip key={file.file_id} label={file.filename} openDelay={300} multiline maw={320}>
              <Tabs.Tab
                value={file.file_id}
                leftSection={<StatusDot status={file.job_status} />}
                style={TAB}
              >
                <Text span size="sm" truncate="end" maw={160} display="block">
                  {file.filename}
                </Text>
              </Tabs.Tab>
            </Tooltip>
          ))}
        </Tabs.List>

        {filesQuery.isPending ? (
          <Group gap="xs" mt="sm">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading your files...
            </Text>
          </Group>
        ) : null}

        {/* Kept mounted, so an upload in progress survives a look at another tab. */}
        <Tabs.Panel value={UPLOAD_TAB} pt="lg" keepMounted>
          {renderUploadTab({
            onFilesChanged: () => void queryClient.invalidateQueries({ queryKey: filesQueryKey }),
            onContinue: (fileId) => {
              if (fileId) setSelected(fileId);
            },
          })}
          <FailedUploads
            files={failed}
            isAdmin={isAdmin}
            onDelete={handleDelete}
            deletingId={deletingId}
            renderImportChecks={renderImportChecks}
          />
        </Tabs.Panel>
        {files.map((file) => (
          <Tabs.Panel key={file.file_id} value={file.file_id} pt="lg">
            <FileTabPanel
              file={file}
              isAdmin={isAdmin}
              showChanges={user !== undefined && SEES_FILE_CHANGES.includes(user.role)}
              onDelete={handleDelete}
              deleting={deletingId === file.file_id}
              renderImportChecks={renderImportChecks}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
