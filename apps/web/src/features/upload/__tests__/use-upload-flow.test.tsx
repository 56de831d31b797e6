import { INVALID_FILE_TYPE_MESSAGE, TOAST_MS } from '@behavio/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/notify';
import {
  buildPreview,
  buildPreviewFileResponse,
  buildUploadResponse,
  buildUser,
  checkUserReply,
} from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { useUploadFlow } from '../hooks/use-upload-flow';

const UPLOAD = 'POST /api/content/upload-file';
const CHECK_USER = 'GET /api/auth/check-user';

function startFlow(routes: Record<string, Handler>) {
  const api = mockApi({ [CHECK_USER]: checkUserReply(buildUser()), ...routes });
  const errorToast = vi.spyOn(toast, 'error');
  const onFilesChanged = vi.fn();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => useUploadFlow({ startOverOnContinue: false, onFilesChanged }),
    { wrapper },
  );
  return { api, result, errorToast, onFilesChanged };
}

const csv = () => new File(['customer_id\nC-1\n'], 'customers.csv', { type: 'text/csv' });

/** A file the server read but could not import: the upload shape with status failed. */
const validationBody = (error: string, fileId: string | null) => ({
  ...buildUploadResponse({ status: 'failed', job_status: 'failed', file_id: fileId }),
  preview: buildPreview({ accepted_rows: null, rejected_rows: null, error }),
});

describe('useUploadFlow: the three failure paths', () => {
  it('1. a refused file type fails at once, without calling the server', () => {
    const { api, result, errorToast } = startFlow({});
    act(() => result.current.rejectFileType());

    expect(result.current.state).toEqual({
      phase: 'failed',
      message: INVALID_FILE_TYPE_MESSAGE,
      attempt: null,
    });
    expect(result.current.failure?.message).toBe(INVALID_FILE_TYPE_MESSAGE);
    const [title, message] = INVALID_FILE_TYPE_MESSAGE.split(': ');
    expect(errorToast).toHaveBeenCalledWith({ title, message, durationMs: TOAST_MS.uploadError });
    expect(api.calls).toHaveLength(0);
  });

  it('2a. a refused upload fails as "Upload failed" with the server text, nothing kept', async () => {
    const { api, result, errorToast, onFilesChanged } = startFlow({
      [UPLOAD]: { status: 413, body: { message: 'Too big', error: 'Too big' } },
    });
    act(() => result.current.chooseFile(csv()));
    expect(result.current.state.phase).toBe('uploading');

    await waitFor(() => expect(result.current.state.phase).toBe('failed'));
    expect(result.current.failure).toMatchObject({
      title: 'Upload failed',
      message: 'Too big',
      attempt: null,
    });
    expect(errorToast).toHaveBeenCalledWith({
      title: 'Upload failed',
      message: 'Too big',
      durationMs: TOAST_MS.uploadError,
    });
    expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(0);
    expect(onFilesChanged).not.toHaveBeenCalled();
  });

  it('2b. a file that fails validation (422) keeps the stored attempt and re-checks the user', async () => {
    const { api, result, onFilesChanged } = startFlow({
      [UPLOAD]: { status: 422, body: validationBody('Missing required columns: age', 'file-7') },
    });
    act(() => result.current.chooseFile(csv()));

    await waitFor(() => expect(result.current.state.phase).toBe('failed'));
    expect(result.current.failure?.title).toBe('Upload validation failed');
    expect(result.current.failure?.message).toBe('Missing required columns: age');
    expect(result.current.failure?.attempt?.file_id).toBe('file-7');
    expect(result.current.succeeded).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/check-user')).toHaveLength(1));
    expect(onFilesChanged).toHaveBeenCalledTimes(1);
  });

  it('2c. a 201 that still says failed is a validation failure too', async () => {
    const { result, onFilesChanged } = startFlow({
      [UPLOAD]: { status: 201, body: validationBody('No rows', null) },
    });
    act(() => result.current.chooseFile(csv()));

    await waitFor(() => expect(result.current.state.phase).toBe('failed'));
    expect(result.current.failure).toMatchObject({
      title: 'Upload validation failed',
      message: 'No rows',
      attempt: null,
    });
    // Nothing was stored, so no list of files changed.
    expect(onFilesChanged).not.toHaveBeenCalled();
  });

  it('3. an accepted file whose background import fails later turns into a failure', async () => {
    const { result } = startFlow({
      [UPLOAD]: {
        status: 201,
        body: buildUploadResponse({ status: 'processing', job_status: 'processing' }),
      },
      'GET /api/content/preview-file/file-1': {
        body: buildPreviewFileResponse({
          job_status: 'failed',
          preview: buildPreview({ error: 'The import stopped: row 12 is unreadable' }),
        }),
      },
    });
    act(() => result.current.chooseFile(csv()));

    await waitFor(() => expect(result.current.succeeded?.job_status).toBe('processing'));
    expect(result.current.failure).toBeNull();

    await waitFor(() => expect(result.current.failure).not.toBeNull(), { timeout: 5000 });
    expect(result.current.state.phase).toBe('uploaded');
    expect(result.current.succeeded).toBeNull();
    expect(result.current.failure).toMatchObject({
      title: 'Upload validation failed',
      message: 'The import stopped: row 12 is unreadable',
    });
    expect(result.current.failure?.attempt?.file_id).toBe('file-1');
  });

  it('a 420 ends the session instead: back to idle, no toast', async () => {
    const { result, errorToast } = startFlow({
      [UPLOAD]: { status: 420, body: { message: 'Invalid token', code: 'invalid_token' } },
    });
    act(() => result.current.chooseFile(csv()));

    await waitFor(() => expect(result.current.state.phase).toBe('idle'));
    expect(result.current.failure).toBeNull();
    expect(errorToast).not.toHaveBeenCalled();
  });
});
