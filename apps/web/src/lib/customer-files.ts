import {
  deleteFileResponseSchema,
  listFilesResponseSchema,
  previewFileResponseSchema,
  type DeleteFileResponse,
  type FileSummary,
  type PreviewFileResponse,
} from '@behavio/contract';
import { useQuery, useMutation } from '@tanstack/react-query';
import { api, endsSession, messageOr } from './api-client';
import { toast } from './notify';

/**
 * The calls on one uploaded customers file, made by both the upload screen and the Datasets
 * screen: one fetcher each, and every failure text of these calls in one table. The two screens
 * word the same failure differently (docs/product-rules.md, "Error messages"), so the texts are
 * keyed by screen and kept exactly.
 */

/** While a file is still being imported, its preview is asked for again this often. */
export const FILE_POLL_MS = 2000;

/** Which screen made the call: each has its own words for a failure. */
export type FileScreen = 'upload' | 'datasets';

/** The words of the file calls, exactly as the product rules give them. */
export const FILE_TEXT = {
  deleteConfirm: 'Are you sure you want to delete this file?',
  deleted: 'File deleted',
  deleteFailed: {
    /** The upload screen shows the server's message, or this fallback. */
    upload: {
      title: 'Failed to delete file',
      fallback: 'An error occurred while deleting the file.',
    },
    /** Datasets always says the same. */
    datasets: { title: 'Delete failed', message: 'Try again later.' },
  },
  previewFailed: { title: 'Preview failed', message: 'Could not load preview.' },
  listFailed: { title: 'Failed to fetch files', message: 'Please try again.' },
} as const;

/** The firm's files (Datasets polls it; the customer page names the files of its history). */
export const filesQueryKey = ['datasets', 'files'] as const;

/** GET /content/list-all-uploaded-files (any role of the firm). */
export async function listFiles(signal?: AbortSignal): Promise<FileSummary[]> {
  const response = await api.get('/content/list-all-uploaded-files', {
    schema: listFilesResponseSchema,
    signal,
  });
  return response.files;
}

/**
 * The names of the firm's files by id, for screens that only hold a file's id; undefined for a
 * file not (or no longer) listed, or while the list loads or failed: those screens name it
 * otherwise rather than fail.
 */
export function useFileNames(enabled = true): (fileId: string) => string | undefined {
  const { data } = useQuery({
    queryKey: filesQueryKey,
    queryFn: ({ signal }) => listFiles(signal),
    enabled,
  });
  return (fileId) => data?.find((file) => file.file_id === fileId)?.filename;
}

/** GET /content/preview-file/{file_id}: the file's facts, rows and import status. */
export function getFilePreview(fileId: string, signal?: AbortSignal): Promise<PreviewFileResponse> {
  return api.get(`/content/preview-file/${encodeURIComponent(fileId)}`, {
    schema: previewFileResponseSchema,
    signal,
  });
}

/** GET /content/delete-file/{file_id} (admin only): removes the file and its customers. */
export function deleteFile(fileId: string): Promise<DeleteFileResponse> {
  return api.get(`/content/delete-file/${encodeURIComponent(fileId)}`, {
    schema: deleteFileResponseSchema,
  });
}

export function useDeleteFile() {
  return useMutation({ mutationFn: deleteFile });
}

/** The toast of a failed delete, in the words of the screen that asked (none for a 420). */
export function toastDeleteFailed(screen: FileScreen, error: unknown): void {
  if (endsSession(error)) return;
  if (screen === 'upload') {
    const { title, fallback } = FILE_TEXT.deleteFailed.upload;
    toast.error({ title, message: messageOr(error, fallback) });
    return;
  }
  toast.error(FILE_TEXT.deleteFailed.datasets);
}
