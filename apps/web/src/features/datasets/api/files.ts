import { type JobStatus } from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { FILE_POLL_MS, filesQueryKey, getFilePreview, listFiles } from '@/lib/customer-files';

export const filePreviewQueryKey = (fileId: string) => ['datasets', 'preview', fileId] as const;

export function useFiles() {
  return useQuery({
    queryKey: filesQueryKey,
    queryFn: ({ signal }) => listFiles(signal),
    // Uploads and deletes elsewhere change the list: read it again each time the page opens.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.job_status === 'processing') ? FILE_POLL_MS : false,
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
      return status === 'processing' || listedStatus === 'processing' ? FILE_POLL_MS : false;
    },
  });
}

/** The Datasets screen's own words; the file calls' failure texts are in FILE_TEXT (@/lib/customer-files). */
export const DATASETS_TEXT = {
  noPreview: 'No preview available :(',
} as const;
