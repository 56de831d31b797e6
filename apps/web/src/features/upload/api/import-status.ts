import type { UploadResponse } from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { FILE_POLL_MS, getFilePreview } from '@/lib/customer-files';

/**
 * Follows an upload the server answered `processing` (a big file imported by a background job):
 * starting from the upload's own answer, asks for the file's preview every 2 s until the job
 * has finished.
 */
export function useImportStatus(upload: Omit<UploadResponse, 'message'> | null) {
  const fileId = upload?.file_id ?? null;
  const processing = fileId !== null && upload?.job_status === 'processing';
  return useQuery({
    queryKey: ['upload', 'import-status', fileId],
    queryFn: ({ signal }) => getFilePreview(fileId ?? '', signal),
    enabled: processing,
    initialData:
      processing && upload
        ? { file_id: fileId, job_status: upload.job_status, preview: upload.preview }
        : undefined,
    staleTime: FILE_POLL_MS,
    refetchInterval: (query) =>
      query.state.data?.job_status === 'processing' ? FILE_POLL_MS : false,
  });
}
