import {
  fileFixesPageSchema,
  fileFixesResponseSchema,
  fileFixesErrorBodySchema,
  type FileFixesBody,
  type FileFixesPage,
  type FileFixesResponse,
  type RowProblem,
} from '@behavio/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, hasCode, isApiError } from '@/lib/api-client';

/** Rejected rows a page of the fix view shows: 30 inputs a row. */
export const FIX_PAGE_SIZE = 10;

export const rejectedRowsQueryKey = (fileId: string) => ['datasets', 'fixes', fileId] as const;

export const FIX_TEXT = {
  open: 'Fix rejected rows',
  close: 'Hide rejected rows',
  title: 'Fix rejected rows',
  intro:
    'Correct the highlighted cells, then save: the rows are checked as an upload checks them and imported into your customers.',
  save: 'Save fixes',
  discard: 'Discard changes',
  edited: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'} changed`,
  loading: 'Loading rejected rows...',
  loadFailed: 'The rejected rows could not be loaded.',
  noneLeft: 'No rejected rows are left in this file.',
  saveFailed: 'The fixes were not saved',
  saved: 'Fixes saved',
  rowLabel: 'Row',
  pageLabel: 'Rejected rows pages',
} as const;

/** GET /content/file-fixes/{file_id}: a page of the rows still rejected, with their problems. */
export function getRejectedRows(
  fileId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<FileFixesPage> {
  return api.get(
    `/content/file-fixes/${encodeURIComponent(fileId)}?limit=${FIX_PAGE_SIZE}&offset=${offset}`,
    { schema: fileFixesPageSchema, signal },
  );
}

export function useRejectedRows(fileId: string, offset: number) {
  return useQuery({
    queryKey: [...rejectedRowsQueryKey(fileId), offset],
    queryFn: ({ signal }) => getRejectedRows(fileId, offset, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /content/file-fixes/{file_id}: the corrected rows, imported together or not at all. */
export function fixRejectedRows(fileId: string, body: FileFixesBody): Promise<FileFixesResponse> {
  return api.post(`/content/file-fixes/${encodeURIComponent(fileId)}`, body, {
    schema: fileFixesResponseSchema,
  });
}

/** Fixes a file's rows; the file's counts (list, preview) and its rejected rows are read again. */
export function useFixRejectedRows(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FileFixesBody) => fixRejectedRows(fileId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['datasets'] }),
  });
}

/** The problems of a refused fix whose rows are still invalid; null for any other failure. */
export function stillInvalidProblems(error: unknown): RowProblem[] | null {
  if (!isApiError(error) || !hasCode(error, 'rows_still_invalid')) return null;
  const body = fileFixesErrorBodySchema.safeParse(error.body);
  return body.success ? (body.data.problems ?? []) : [];
}
