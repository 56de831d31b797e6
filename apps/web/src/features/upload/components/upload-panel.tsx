import { FREE_PLAN_UPLOADS, type User } from '@behavio/contract';
import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { useUser } from '@/lib/auth';
import { FILE_TEXT } from '@/lib/customer-files';
import { toast } from '@/lib/notify';
import { toastContinueError, useReloadUser } from '../api/confirm-upload';
import { UPLOAD_TEXT } from '../api/upload-file';
import { useUploadFlow, type UploadFlowFailure } from '../hooks/use-upload-flow';
import { ColumnMappingStep } from './column-mapping-step';
import { FileChip } from './file-chip';
import { FileDropzone } from './file-dropzone';
import { RequiredFieldsGuide } from './required-fields-guide';
import { AdminOnlyNotice, FreePlanNotice } from './upload-notices';
import { UploadResult } from './upload-result';

export interface UploadPanelProps {
  /** 'onboarding': the upload-only view; 'datasets': the Datasets 'Upload Dataset' tab. */
  variant: 'onboarding' | 'datasets';
  /** A stored file appeared or went away (to refresh a list of files). */
  onFilesChanged?: () => void;
  /** After Continue has reloaded the user (the Datasets tab then shows the new file). */
  onContinue?: (fileId: string | null) => void;
}

/** The upload screen of product-rules: Screens, shared by onboarding and the Datasets upload tab. */
export function UploadPanel(props: UploadPanelProps) {
  const { data: user } = useUser();
  if (!user) return null;
  if (user.role !== 'admin') return <WaitingForAdmin variant={props.variant} />;
  return <AdminUpload user={user} {...props} />;
}

/** Only admins upload: the others wait, and may check whether the admin has uploaded. */
function WaitingForAdmin({ variant }: Pick<UploadPanelProps, 'variant'>) {
  const reloadUser = useReloadUser();
  return (
    <AdminOnlyNotice
      waitingForFirstFile={variant === 'onboarding'}
      onCheckAgain={() =>
        reloadUser.mutate(undefined, {
          onSuccess: (fresh) => {
            if (fresh.noOfFileUploads === 0) {
              toast.info({ message: 'Your firm admin has not uploaded a customers file yet.' });
            }
          },
          onError: toastContinueError,
        })
      }
      checking={reloadUser.isPending}
    />
  );
}

function AdminUpload({
  user,
  variant,
  onFilesChanged,
  onContinue,
}: UploadPanelProps & { user: User }) {
  const flow = useUploadFlow({
    startOverOnContinue: variant === 'datasets',
    onFilesChanged,
    onContinue,
  });
  const { state, succeeded, failure } = flow;

  const freePlanLimitReached =
    user.subscription === 'free' &&
    user.noOfFileUploads >= FREE_PLAN_UPLOADS &&
    state.phase !== 'uploaded';
  if (freePlanLimitReached) return <FreePlanNotice />;

  const confirmDelete = (fileId: string | null) => {
    if (!fileId) return;
    modals.openConfirmModal({
      title: variant === 'onboarding' ? 'Remove File' : 'Delete File',
      children: <Text size="sm">{FILE_TEXT.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => flow.deleteFile(fileId),
    });
  };

  // product-rules: Screens/§4: the guide shows only while noOfFileUploads is not 1; after a successful upload
  // the firm has that one file, so the guide steps aside for the result.
  const showGuide = user.noOfFileUploads !== 1 && !succeeded;
  const attempt = failure?.attempt ?? null;
  const showDropzone = state.phase === 'idle' || failure !== null;

  return (
    <Stack gap="lg">
      {showGuide ? <RequiredFieldsGuide /> : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      {showDropzone ? (
        <FileDropzone onFile={flow.chooseFile} onInvalidType={flow.rejectFileType} />
      ) : null}
      {state.phase === 'uploading' ? (
        <UploadProgress file={state.file} progress={state.progress} />
      ) : null}
      {state.phase === 'mapping' ? (
        <ColumnMappingStep
          answer={state.answer}
          onConfirm={(mapping, save) => flow.confirmMapping(state.answer.file_id, mapping, save)}
          onCancel={flow.cancelMapping}
          confirming={flow.confirmingMapping}
        />
      ) : null}

      {succeeded ? (
        <UploadResult
          result={succeeded}
          variant={variant}
          succeeded
          onDelete={() => confirmDelete(succeeded.file_id)}
          deleting={flow.deleting}
          onContinue={() => flow.continueWith(succeeded.file_id)}
          continuing={flow.continuing}
          progress={flow.live}
        />
      ) : null}

      {attempt ? (
        <UploadResult
          result={attempt}
          variant={variant}
          succeeded={false}
          onDelete={() => confirmDelete(attempt.file_id)}
          deleting={flow.deleting}
        />
      ) : null}
    </Stack>
  );
}

function FailureAlert({ failure }: { failure: UploadFlowFailure }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertCircle size={22} />}
      title={failure.title}
    >
      {failure.message}
    </Alert>
  );
}

function UploadProgress({ file, progress }: { file: File; progress: number }) {
  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <FileChip name={file.name} size={file.size} />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{UPLOAD_TEXT.processing}</Text>
          <Text size="sm" fw={700}>
            {progress}%
          </Text>
        </Group>
        <Progress
          value={progress}
          size="lg"
          radius="xl"
          striped
          animated
          // The bar follows the figure beside it at once instead of trailing it.
          transitionDuration={0}
          aria-label="Upload progress"
        />
      </Stack>
    </Paper>
  );
}
