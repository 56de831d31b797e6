import {
  INVALID_FILE_TYPE_MESSAGE,
  TOAST_MS,
  type ColumnMapping,
  type NeedsMappingResponse,
  type UploadResponse,
} from '@behavio/contract';
import { useState } from 'react';
import { toastDeleteFailed, useDeleteFile, FILE_TEXT } from '@/lib/customer-files';
import { hasCode, messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { toastContinueError, useReloadUser } from '../api/confirm-upload';
import { MAPPING_TEXT, useConfirmFileMapping } from '../api/file-mapping';
import { useImportStatus } from '../api/import-status';
import {
  UPLOAD_TEXT,
  describeUploadError,
  isFailedUpload,
  needsMapping,
  useUploadCustomerFile,
  validationFailure,
  type UploadFailure,
} from '../api/upload-file';

/** What the server kept of an upload: its answer without the message. */
export type StoredAttempt = Omit<UploadResponse, 'message'>;

/**
 * docs/product-rules.md "States and transitions", Upload: idle → uploading → failed or uploaded;
 * a file whose headers are not all ours goes through `mapping` first (docs/ingestion.md).
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; file: File; progress: number }
  | { phase: 'mapping'; answer: NeedsMappingResponse }
  | { phase: 'uploaded'; response: UploadResponse }
  | { phase: 'failed'; title?: string; message: string; attempt: StoredAttempt | null };

/** What the screen shows when an upload failed, however it failed. */
export interface UploadFlowFailure {
  title?: string;
  message: string;
  /** The stored attempt, shown with its preview and Delete, when the server kept one. */
  attempt: StoredAttempt | null;
}

export interface UploadFlowOptions {
  /** The Datasets tab starts over after Continue and opens the new file; onboarding does not. */
  startOverOnContinue: boolean;
  /** A stored file appeared or went away (to refresh a list of files). */
  onFilesChanged?: () => void;
  /** After Continue has reloaded the user. */
  onContinue?: (fileId: string | null) => void;
}

const [INVALID_TYPE_TITLE = '', INVALID_TYPE_MESSAGE = ''] = INVALID_FILE_TYPE_MESSAGE.split(': ');

/** The upload's own answer, with what polling learnt since (a big file finishes later). */
function withLiveStatus(
  uploaded: UploadResponse | null,
  live: Pick<StoredAttempt, 'job_status' | 'preview'> | undefined,
): StoredAttempt | null {
  if (!uploaded) return null;
  if (!live) return uploaded;
  return {
    ...uploaded,
    job_status: live.job_status,
    status: live.job_status,
    preview: live.preview,
  };
}

/**
 * The upload screen's state machine. It fails in three ways, each ending in the `failed` view
 * with the drop zone back:
 * 1. the browser refuses the file's type before any call (`rejectFileType`);
 * 2. the server refuses the upload (`chooseFile`): a 4xx/5xx or no answer shows 'Upload failed';
 *    a file it read but could not import (422, or a 201 that says `failed`) shows 'Upload
 *    validation failed', re-checks the user's file count and keeps the stored attempt;
 * 3. a file accepted for a background import whose job fails later (`failure` is derived from
 *    the polled status; the state stays `uploaded`).
 * A 420 ends the session instead: back to idle, nothing shown.
 */
export function useUploadFlow({
  startOverOnContinue,
  onFilesChanged,
  onContinue,
}: UploadFlowOptions) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const upload = useUploadCustomerFile();
  const confirm = useConfirmFileMapping();
  const remove = useDeleteFile();
  const reloadUser = useReloadUser();
  const recheckUser = useReloadUser();

  const uploaded = state.phase === 'uploaded' ? state.response : null;
  const importStatus = useImportStatus(uploaded);
  const current = withLiveStatus(uploaded, importStatus.data);
  const failedLater = current?.job_status === 'failed';

  const failure: UploadFlowFailure | null =
    state.phase === 'failed'
      ? state
      : failedLater && current
        ? {
            title: UPLOAD_TEXT.validationFailedTitle,
            message: current.preview.error ?? UPLOAD_TEXT.failedFallback,
            attempt: current,
          }
        : null;

  const fail = (reason: UploadFailure) => {
    if (reason.kind === 'signed-out') {
      setState({ phase: 'idle' });
      return;
    }
    const attempt = reason.kind === 'validation' ? reason.response : null;
    setState({ phase: 'failed', title: reason.title, message: reason.message, attempt });
    toast.error({ title: reason.title, message: reason.message, durationMs: TOAST_MS.uploadError });
    if (reason.kind === 'validation') {
      // After a failed validation the user's file count is checked again (product rules).
      recheckUser.mutate();
      if (attempt) onFilesChanged?.();
    }
  };

  const succeed = (response: UploadResponse) => {
    setState({ phase: 'uploaded', response });
    toast.success({
      title: UPLOAD_TEXT.successTitle,
      message: UPLOAD_TEXT.successMessage(response),
    });
    onFilesChanged?.();
  };

  /** Failure path 2 (or success): the file goes to the server, with progress. */
  const chooseFile = (file: File) => {
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
          if (needsMapping(response)) setState({ phase: 'mapping', answer: response });
          else if (isFailedUpload(response)) fail(validationFailure(response));
          else succeed(response);
        },
        onError: (error) => fail(describeUploadError(error)),
      },
    );
  };

  /**
   * The mapping step's Confirm: the import starts and the flow goes on as an upload's would. A
   * mapping the server refuses keeps the step open with its reason.
   */
  const confirmMapping = (fileId: string, mapping: ColumnMapping, save: boolean) =>
    confirm.mutate(
      { fileId, mapping, save },
      {
        onSuccess: (response) =>
          isFailedUpload(response) ? fail(validationFailure(response)) : succeed(response),
        onError: (error) => {
          if (!hasCode(error, 'invalid_mapping')) return fail(describeUploadError(error));
          toast.error({
            title: MAPPING_TEXT.failedTitle,
            message: messageOr(error, UPLOAD_TEXT.failedFallback),
            durationMs: TOAST_MS.uploadError,
          });
        },
      },
    );

  /**
   * Leaves the mapping step for another file: the waiting file is removed with its upload
   * (nothing else could bring it back; the nightly sweep would take it after a week).
   */
  const cancelMapping = () => {
    if (state.phase === 'mapping')
      remove.mutate(state.answer.file_id, {
        onError: (error) => toastDeleteFailed('upload', error),
      });
    setState({ phase: 'idle' });
  };

  /** Failure path 1: not CSV or Excel; the server is never called. */
  const rejectFileType = () => {
    setState({ phase: 'failed', message: INVALID_FILE_TYPE_MESSAGE, attempt: null });
    toast.error({
      title: INVALID_TYPE_TITLE,
      message: INVALID_TYPE_MESSAGE,
      durationMs: TOAST_MS.uploadError,
    });
  };

  /** Deletes the stored file (after the screen's confirmation) and starts over. */
  const deleteFile = (fileId: string) =>
    remove.mutate(fileId, {
      onSuccess: () => {
        toast.success({ message: FILE_TEXT.deleted });
        setState({ phase: 'idle' });
        onFilesChanged?.();
      },
      onError: (error) => toastDeleteFailed('upload', error),
    });

  /** Continue: reloads the user, so the shell leaves the upload-only view. */
  const continueWith = (fileId: string | null) =>
    reloadUser.mutate(undefined, {
      onSuccess: () => {
        if (!startOverOnContinue) return;
        setState({ phase: 'idle' });
        onContinue?.(fileId);
      },
      onError: toastContinueError,
    });

  return {
    state,
    /** The stored upload while it has not failed (a finished or still running import). */
    succeeded: current && !failedLater ? current : null,
    /** The polled status of a background import: rows processed, expected and the rate. */
    live: importStatus.data,
    failure,
    chooseFile,
    confirmMapping,
    cancelMapping,
    confirmingMapping: confirm.isPending,
    rejectFileType,
    deleteFile,
    continueWith,
    deleting: remove.isPending,
    continuing: reloadUser.isPending,
  };
}
