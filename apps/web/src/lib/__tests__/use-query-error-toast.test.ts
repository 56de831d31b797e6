import { TOAST_MS } from '@behavio/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, messageOr } from '../api-client';
import { toast } from '../notify';
import {
  useQueryErrorToast,
  type FailingQuery,
  type QueryErrorToast,
} from '../use-query-error-toast';

const failed = (status: number, serverMessage?: string, at = 1): FailingQuery => ({
  isError: true,
  error: new ApiError({ kind: 'http', status, serverMessage, body: { message: serverMessage } }),
  errorUpdatedAt: at,
});
const fine: FailingQuery = { isError: false, error: null, errorUpdatedAt: 0 };

function watch(initial: FailingQuery, options: QueryErrorToast) {
  const errorToast = vi.spyOn(toast, 'error');
  const view = renderHook(({ query }) => useQueryErrorToast(query, options), {
    initialProps: { query: initial },
  });
  return { errorToast, rerender: (query: FailingQuery) => view.rerender({ query }) };
}

describe('useQueryErrorToast', () => {
  it("shows the screen's title and the server message, 4 s by default", () => {
    const { errorToast } = watch(failed(500, 'Database down'), {
      id: 'employees',
      title: 'Failed to fetch employees',
      message: (error) => messageOr(error, 'Something went wrong'),
    });
    expect(errorToast).toHaveBeenCalledExactlyOnceWith({
      id: 'employees-1',
      title: 'Failed to fetch employees',
      message: 'Database down',
      durationMs: TOAST_MS.listError,
    });
  });

  it('never toasts a 420: the session ends instead', () => {
    const { errorToast } = watch(failed(420, 'Invalid token'), { id: 'x', message: 'Failed' });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('toasts each failed fetch once by default, and nothing while the query is fine', () => {
    const { errorToast, rerender } = watch(fine, { id: 'list', message: 'Failed' });
    expect(errorToast).not.toHaveBeenCalled();
    rerender(failed(500, undefined, 1));
    rerender(failed(500, undefined, 1));
    expect(errorToast).toHaveBeenCalledTimes(1);
    rerender(failed(500, undefined, 2));
    expect(errorToast).toHaveBeenCalledTimes(2);
  });

  it("'once' toasts one run of failures once, and again after a success", () => {
    const { errorToast, rerender } = watch(failed(500, undefined, 1), {
      id: 'preview',
      message: 'Could not load preview.',
      repeat: 'once',
    });
    rerender(failed(500, undefined, 2));
    rerender(failed(500, undefined, 3));
    expect(errorToast).toHaveBeenCalledTimes(1);
    rerender(fine);
    rerender(failed(500, undefined, 4));
    expect(errorToast).toHaveBeenCalledTimes(2);
  });

  it('queries failing for one reason share one toast id, and each failure toasts again', () => {
    const { errorToast, rerender } = watch(failed(403, 'Upgrade', 1), {
      id: 'card-a',
      message: 'Upgrade',
      toastId: 'paid:Upgrade',
    });
    rerender(failed(403, 'Upgrade', 2));
    expect(errorToast).toHaveBeenCalledTimes(2);
    expect(errorToast.mock.calls.map(([input]) => input.id)).toEqual([
      'paid:Upgrade',
      'paid:Upgrade',
    ]);
  });
});
