import { fileChangesResponseSchema, type FileChangesResponse, type Role } from '@behavio/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Who may read what an import changed (docs/permissions.md, file-changes). */
export const SEES_FILE_CHANGES: readonly Role[] = ['admin', 'head', 'compliance'];

/** The change summary's page of customers. */
export const FILE_CHANGES_PAGE_SIZE = 20;

export const fileChangesQueryKey = (fileId: string, page: number) =>
  ['datasets', 'changes', fileId, page] as const;

/** GET /content/file-changes/{file_id}: the counts and one page of the customers it changed. */
export function getFileChanges(
  fileId: string,
  page: number,
  signal?: AbortSignal,
): Promise<FileChangesResponse> {
  return api.get(`/content/file-changes/${encodeURIComponent(fileId)}`, {
    query: { limit: FILE_CHANGES_PAGE_SIZE, offset: (page - 1) * FILE_CHANGES_PAGE_SIZE },
    schema: fileChangesResponseSchema,
    signal,
  });
}

/** Read once the import completed: before that there is nothing to compare. */
export function useFileChanges(fileId: string, page: number) {
  return useQuery({
    queryKey: fileChangesQueryKey(fileId, page),
    queryFn: ({ signal }) => getFileChanges(fileId, page, signal),
    placeholderData: (previous) => previous,
  });
}

export const FILE_CHANGES_TEXT = {
  title: 'What changed in this import',
  loadFailed: 'Failed to load the changes',
  fallback: 'Something went wrong. Please try again.',
  notFound: 'No change summary is kept for this file.',
  noItems: 'This import created or changed no customer.',
} as const;
