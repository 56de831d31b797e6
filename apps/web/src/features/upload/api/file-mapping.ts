import {
  uploadResponseSchema,
  type ColumnMapping,
  type NeedsMappingResponse,
  type UploadResponse,
} from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MAPPING_TEXT = {
  title: 'Match your columns',
  intro:
    'Some headers of your file are not our column names. Choose the header that holds each field: we suggested the likeliest ones.',
  fieldLabel: 'Field',
  headerLabel: 'Header in your file',
  samplesLabel: 'First values',
  noHeader: 'Not in this file',
  optional: 'optional',
  remember: 'Remember this matching for my next files with the same headers',
  confirm: 'Confirm and import',
  /** Leaves the step: the waiting file is removed. */
  cancel: 'Cancel this file',
  missing: (columns: string[]) => `Choose a header for: ${columns.join(', ')}`,
  twice: (header: string) => `"${header}" is chosen for more than one field`,
  failedTitle: 'The matching was not accepted',
} as const;

export interface ConfirmMappingInput {
  fileId: string;
  mapping: ColumnMapping;
  save: boolean;
}

/** POST /content/file-mapping/{file_id}: the chosen headers; the import then starts. */
export function confirmFileMapping(input: ConfirmMappingInput): Promise<UploadResponse> {
  return api.post(
    `/content/file-mapping/${encodeURIComponent(input.fileId)}`,
    { mapping: input.mapping, save: input.save },
    { schema: uploadResponseSchema },
  );
}

export function useConfirmFileMapping() {
  return useMutation({ mutationFn: confirmFileMapping });
}

/** The suggested header of each column that has one: the mapping step's first choice. */
export function suggestedMapping(answer: NeedsMappingResponse): ColumnMapping {
  return Object.fromEntries(
    answer.mapping_suggestions.flatMap((s) => (s.header === null ? [] : [[s.column, s.header]])),
  );
}
