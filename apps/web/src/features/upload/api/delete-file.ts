import { deleteFileResponseSchema, type DeleteFileResponse } from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const DELETE_TEXT = {
  confirm: 'Are you sure you want to delete this file?',
  deleted: 'File deleted',
  failedTitle: 'Failed to delete file',
  failedFallback: 'An error occurred while deleting the file.',
} as const;

/** GET /content/delete-file/{file_id} (admin only): removes the file and its customers. */
export function deleteCustomerFile(fileId: string): Promise<DeleteFileResponse> {
  return api.get(`/content/delete-file/${encodeURIComponent(fileId)}`, {
    schema: deleteFileResponseSchema,
  });
}

export function useDeleteCustomerFile() {
  return useMutation({ mutationFn: deleteCustomerFile });
}
