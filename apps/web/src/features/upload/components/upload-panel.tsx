import {
  FREE_PLAN_UPLOADS,
  INVALID_FILE_TYPE_MESSAGE,
  TOAST_MS,
  type UploadResponse,
} from '@behavio/contract';
import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOr } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { toastContinueError, useReloadUser } from '../api/confirm-upload';
import { useDeleteFile } from '@/lib/customer-files';
import { DELETE_TEXT } from '../api/delete-file';
import { useImportStatus } from '../api/import-status';
import {
  UPLOAD_TEXT,
  describeUploadError,
  isFailedUpload,
  useUploadCustomerFile,
  validationFailure,
  type UploadFailure,
} from '../api/upload-file';
import { FileChip } from './file-chip';
import { FileDropzone } from './file-dropzone';
import { RequiredFieldsGuide } from './required-fields-guide';
import { AdminOnlyNotice, FreePlanNotice } from './upload-notices';
import { UploadResult } from './upload-result';

type StoredAttempt = Omit<UploadResponse, 'message'>;

/** product-rules: States and transitions Upload: idle → uploading (with progress) → failed or uploaded. */
type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; file: File; progress: number }
  | { phase: 'uploaded'; response: UploadResponse }
  | { phase: 'failed'; title?: string; message: string; attempt: StoredAttempt | null };

export interface UploadPanelProps {
  /** 'onboarding': the upload-only view; 'datasets': the Datasets 'Upload Dataset' tab. */
  variant: 'onboarding' | 'datasets';
  /** A stored file appeared or went away (to refresh a list of files). */
  onFilesChanged?: () => void;
  /** After Continue has reloaded the user (the Datasets tab then shows the new file). */
  onContinue?: (fileId: string | null) => void;
}

const [INVALID_TYPE_TITLE = '', INVALID_TYPE_MESSAGE = ''] = INVALID_FILE_TYPE_MESSAGE.split(': ');

/** The upload screen of product-rules: Screens, shared by onboarding and the Datasets upload tab. */
export function UploadPanel({ variant, onFilesChanged, onContinue }: UploadPanelProps) {
  const { data: user } = useUser();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const upload = useUploadCustomerFile();
  const remove = useDeleteFile();
  const reloadUser = useReloadUser();
  const recheckUser = useReloadUser();

  const uploaded = state.phase === 'uploaded' ? state.response : null;
  const importStatus = useImportStatus(uploaded);

  if (!user) return null;

  if (user.role !== 'admin') {
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

  // The answer of the upload, with what the polling learnt since (big files finish later).
  const live = importStatus.data;
  const current: StoredAttempt | null = uploaded
    ? live
      ? { ...uploaded, job_status: live.job_status, status: live.job_status, preview: live.preview }
      : uploaded
    : null;
  const failedLater = current?.job_status === 'failed';

  const freePlanLimitReached =
    user.subscription === 'free' &&
    user.noOfFileUploads >= FREE_PLAN_UPLOADS &&
    state.phase !== 'uploaded';
  if (freePlanLimitReached) return <FreePlanNotice />;

  const fail = (failure: UploadFailure) => {
    if (failure.kind === 'signed-out') {
      setState({ phase: 'idle' });
      return;
    }
    const attempt = failure.kind === 'validation' ? failure.response : null;
    setState({ phase: 'failed', title: failure.title, message: failure.message, attempt });
    toast.error({
      title: failure.title,
      message: failure.message,
      durationMs: TOAST_MS.uploadError,
    });
    if (failure.kind === 'validation') {
      // product-rules: States and transitions: after a failed validation the user's file count is checked again.
      recheckUser.mutate();
      if (attempt) onFilesChanged?.();
    }
  };

  const handleFile = (file: File) => {
    setState({ phase: 'uploading', file, progress: 0 });
    upload.mutate(
      {
        file,
        onProgress: (progress) =>
          setState((previous) =>
            previous.phase === 'uploading' ? { ...previous, progress } : previous,
          ),
      },
      {
        onSuccess: (response) => {
          if (isFailedUpload(response)) {
            fail(validationFailure(response));
            return;
          }
          setState({ phase: 'uploaded', response });
          toast.success({
            title: UPLOAD_TEXT.successTitle,
            message: UPLOAD_TEXT.successMessage(response),
          });
          onFilesChanged?.();
        },
        onError: (error) => fail(describeUploadError(error)),
      },
    );
  };

  const handleInvalidType = () => {
    setState({ phase: 'failed', message: INVALID_FILE_TYPE_MESSAGE, attempt: null });
    toast.error({
      title: INVALID_TYPE_TITLE,
      message: INVALID_TYPE_MESSAGE,
      durationMs: TOAST_MS.uploadError,
    });
  };

  const handleDelete = (fileId: string) => {
    modals.openConfirmModal({
      title: variant === 'onboarding' ? 'Remove File' : 'Delete File',
      children: <Text size="sm">{DELETE_TEXT.confirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(fileId, {
          onSuccess: () => {
            toast.success({ message: DELETE_TEXT.deleted });
            setState({ phase: 'idle' });
            onFilesChanged?.();
          },
          onError: (error) =>
            toast.error({
              title: DELETE_TEXT.failedTitle,
              message: messageOr(error, DELETE_TEXT.failedFallback),
            }),
        }),
    });
  };

  const handleContinue = (fileId: string | null) => {
    reloadUser.mutate(undefined, {
      onSuccess: () => {
        if (variant === 'datasets') {
          setState({ phase: 'idle' });
          onContinue?.(fileId);
        }
      },
      onError: toastContinueError,
    });
  };

  // product-rules: Screens/§4: the guide shows only while noOfFileUploads is not 1; after a successful upload
  // the firm has that one file, so the guide steps aside for the result.
  const showGuide = user.noOfFileUploads !== 1 && !(current && !failedLater);
  const failure =
    state.phase === 'failed'
      ? state
      : failedLater && current
        ? {
            title: UPLOAD_TEXT.validationFailedTitle,
            message: current.preview.error ?? UPLOAD_TEXT.failedFallback,
            attempt: current,
          }
        : null;
  const attempt = failure?.attempt ?? null;
  const showDropzone = state.phase === 'idle' || failure !== null;

  return (
    <Stack gap="lg">
      {showGuide ? <RequiredFieldsGuide /> : null}

      {failure ? (
        <Alert
          color="red"
          variant="light"
          radius="lg"
          icon={<IconAlertCircle size={22} />}
          title={failure.title}
        >
          {failure.message}
        </Alert>
      ) : null}

      {showDropzone ? <FileDropzone onFile={handleFile} onInvalidType={handleInvalidType} /> : null}

      {state.phase === 'uploading' ? (
        <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <FileChip name={state.file.name} size={state.file.size} />
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{UPLOAD_TEXT.processing}</Text>
              <Text size="sm" fw={700}>
                {state.progress}%
              </Text>
            </Group>
            <Progress
              value={state.progress}
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
      ) : null}

      {current && !failedLater ? (
        <UploadResult
          result={current}
          variant={variant}
          succeeded
          onDelete={() => current.file_id && handleDelete(current.file_id)}
          deleting={remove.isPending}
          onContinue={() => handleContinue(current.file_id)}
          continuing={reloadUser.isPending}
          progress={live}
        />
      ) : null}

      {attempt ? (
        <UploadResult
          result={attempt}
          variant={variant}
          succeeded={false}
          onDelete={() => attempt.file_id && handleDelete(attempt.file_id)}
          deleting={remove.isPending}
        />
      ) : null}
    </Stack>
  );
}
