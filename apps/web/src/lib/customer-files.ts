import {
  deleteFileResponseSchema,
  previewFileResponseSchema,
  type DeleteFileResponse,
  type PreviewFileResponse,
} from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The calls on one uploaded customers file, made by both the upload screen and the Datasets
 * screen: one fetcher each. What a failure says stays with each screen (product-rules: Error messages words them
 * differently: 'Failed to delete file' on the upload screen, 'Delete failed' on Datasets).
 */

/** While a file is still being imported, its preview is asked for again this often. */
export const FILE_POLL_MS = 2000;

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
