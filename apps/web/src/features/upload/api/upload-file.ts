import {
  uploadAnswerSchema,
  uploadErrorBodySchema,
  uploadResponseSchema,
  type NeedsMappingResponse,
  type UploadAnswer,
  type UploadResponse,
} from '@behavio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload, isApiError, messageOr, endsSession } from '@/lib/api-client';

/** The words of product-rules: Screens and §8 for the upload flow. */
export const UPLOAD_TEXT = {
  processing: 'Processing your file... This may take a few moments.',
  successTitle: 'File uploaded successfully',
  /** Spec §8's 'Preview loaded with N rows.', then what the checks made of them. */
  successMessage: ({ preview }: Pick<UploadResponse, 'preview'>) => {
    const rows = preview.total_rows ?? preview.preview_rows.length;
    const loaded = `Preview loaded with ${rows.toLocaleString('en-US')} rows.`;
    if (preview.accepted_rows === null || preview.rejected_rows === null) return loaded;
    return `${loaded} ${preview.accepted_rows.toLocaleString('en-US')} accepted, ${preview.rejected_rows.toLocaleString('en-US')} rejected.`;
  },
  validationFailedTitle: 'Upload validation failed',
  failedTitle: 'Upload failed',
  failedFallback: 'Failed to upload file. Please try again.',
} as const;

export interface UploadInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/**
 * POST /content/upload-file: multipart with one part named `file`, with upload progress. A file
 * whose headers are not all ours may answer `needs_mapping` (docs/ingestion.md, "Column mapping").
 */
export function uploadCustomerFile({ file, onProgress }: UploadInput): Promise<UploadAnswer> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return apiUpload('/content/upload-file', formData, {
    onProgress,
    schema: uploadAnswerSchema,
  });
}

export const needsMapping = (answer: UploadAnswer): answer is NeedsMappingResponse =>
  answer.status === 'needs_mapping';

export function useUploadCustomerFile() {
  return useMutation({ mutationFn: uploadCustomerFile });
}

/** The 422 body of a file the server could not import has the upload shape too. */
const failedUploadSchema = uploadResponseSchema.partial({ message: true });
/** Only the text is read here: what to do is decided on the status and the code. */
const uploadErrorTextSchema = uploadErrorBodySchema.pick({ error: true });

export type UploadFailure =
  | {
      /** status failed with preview.error (product-rules: States and transitions): the user count is re-checked. */
      kind: 'validation';
      title: string;
      message: string;
      /** The stored attempt, when the server kept one (it has a file_id then). */
      response: Omit<UploadResponse, 'message'> | null;
    }
  | { kind: 'error'; title: string; message: string }
  /** A 420: the api client has ended the session; nothing to show. */
  | { kind: 'signed-out' };

export function validationFailure(response: Omit<UploadResponse, 'message'>): UploadFailure {
  return {
    kind: 'validation',
    title: UPLOAD_TEXT.validationFailedTitle,
    message: response.preview.error ?? UPLOAD_TEXT.failedFallback,
    response: response.file_id ? response : null,
  };
}

/** A 201 that still reports failure counts as a failed upload (product-rules: States and transitions Upload, step 3). */
export function isFailedUpload(response: UploadResponse): boolean {
  return response.status === 'failed' && Boolean(response.preview.error);
}

/** Maps a failed upload call to product-rules: Error messages Upload. */
export function describeUploadError(error: unknown): UploadFailure {
  if (endsSession(error)) return { kind: 'signed-out' };
  if (isApiError(error) && error.kind === 'http') {
    const parsed = failedUploadSchema.safeParse(error.body);
    if (parsed.success && parsed.data.status === 'failed' && parsed.data.preview.error) {
      return validationFailure(parsed.data);
    }
  }
  return { kind: 'error', title: UPLOAD_TEXT.failedTitle, message: uploadErrorText(error) };
}

/** product-rules: API calls: upload errors are read from `error` (the server repeats it in `message`). */
function uploadErrorText(error: unknown): string {
  const body = isApiError(error) ? uploadErrorTextSchema.safeParse(error.body) : null;
  return body?.success ? body.data.error : messageOr(error, UPLOAD_TEXT.failedFallback);
}
