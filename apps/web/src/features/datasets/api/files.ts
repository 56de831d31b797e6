import {
  deleteFileResponseSchema,
  listFilesResponseSchema,
  previewFileResponseSchema,
  type DeleteFileResponse,
  type FileSummary,
  type JobStatus,
  type PreviewFileResponse,
} from '@behavio/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While any file is still being imported, the list and its preview are asked again this often. */
export const FILES_POLL_MS = 2000;

export const filesQueryKey = ['datasets', 'files'] as const;
export const filePreviewQueryKey = (fileId: string) => ['datasets', 'preview', fileId] as const;

/** GET /content/list-all-uploaded-files (any role of the firm). */
export async function listFiles(signal?: AbortSignal): Promise<FileSummary[]> {
  const response = await api.get('/content/list-all-uploaded-files', {
    schema: listFilesResponseSchema,
    signal,
  });
  return response.files;
}

export function useFiles() {
  return useQuery({
    queryKey: filesQueryKey,
    queryFn: ({ signal }) => listFiles(signal),
    // Uploads and deletes elsewhere change the list: read it again each time the page opens.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.job_status === 'processing') ? FILES_POLL_MS : false,
  });
}

/** GET /content/preview-file/{file_id}. */
export function getFilePreview(fileId: string, signal?: AbortSignal): Promise<PreviewFileResponse> {
  return api.get(`/content/preview-file/${encodeURIComponent(fileId)}`, {
    schema: previewFileResponseSchema,
    signal,
  });
}

/** The preview of one file; polled while the list or the preview says it is processing. */
export function useFilePreview(fileId: string, listedStatus: JobStatus) {
  return useQuery({
    queryKey: filePreviewQueryKey(fileId),
    queryFn: ({ signal }) => getFilePreview(fileId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.job_status ?? listedStatus;
      return status === 'processing' || listedStatus === 'processing' ? FILES_POLL_MS : false;
    },
  });
}

/** GET /content/delete-file/{file_id} (admin only). */
export function deleteFile(fileId: string): Promise<DeleteFileResponse> {
  return api.get(`/content/delete-file/${encodeURIComponent(fileId)}`, {
    schema: deleteFileResponseSchema,
  });
}

export function useDeleteFile() {
  return useMutation({ mutationFn: deleteFile });
}

export const DATASETS_TEXT = {
  listFailedTitle: 'Failed to fetch files',
  listFailedMessage: 'Please try again.',
  previewFailedTitle: 'Preview failed',
  previewFailedMessage: 'Could not load preview.',
  deleteConfirm: 'Are you sure you want to delete this file?',
  deleted: 'File deleted',
  deleteFailedTitle: 'Delete failed',
  deleteFailedMessage: 'Try again later.',
  noPreview: 'No preview available :(',
} as const;
