import { TOAST_MS } from '@behavio/contract';
import { useEffect } from 'react';
import { endsSession } from './api-client';
import { toast } from './notify';

/** What the hook reads of a TanStack query (a `UseQueryResult` has all three). */
export interface FailingQuery {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
}

export interface QueryErrorToast {
  /** Names the toast, so StrictMode's double effect and a repeated render show it once. */
  id: string;
  /** The toast's title ('Title: message' toasts); one-line toasts leave it out. */
  title?: string;
  /** The text, or how to word it from the error (e.g. the server message or a fallback). */
  message: string | ((error: unknown) => string);
  /** Defaults to the 4 s of a failed list (docs/product-rules.md, "Constants"). */
  durationMs?: number;
  /**
   * 'each-failure' (default): every failed fetch toasts once (`errorUpdatedAt` changes with each
   * one). 'once': one toast until the query succeeds again, for queries that poll while failing.
   */
  repeat?: 'each-failure' | 'once';
  /**
   * Several queries failing for one reason show one toast: give them one toast id (Mantine
   * ignores a toast whose id is on screen). Defaults to a toast of this query's own.
   */
  toastId?: string;
}

/**
 * The one way the web app raises a toast on a failed query. A 420 ends the session instead
 * (the api client signs the user out), so it never toasts; every other failure shows the
 * screen's words exactly.
 */
export function useQueryErrorToast(query: FailingQuery, options: QueryErrorToast): void {
  const { isError, error, errorUpdatedAt } = query;
  const { id, title, message, toastId } = options;
  const { durationMs = TOAST_MS.listError, repeat = 'each-failure' } = options;
  const failure = isError && !endsSession(error) ? error : null;
  const text = failure === null ? null : typeof message === 'string' ? message : message(failure);
  // 'once' keeps one key for the whole run of failures, so the effect does not fire again.
  const key = text === null ? null : repeat === 'once' ? id : `${id}-${errorUpdatedAt}`;
  useEffect(() => {
    if (key === null || text === null) return;
    toast.error({ id: toastId ?? key, title, message: text, durationMs });
  }, [key, toastId, title, text, durationMs]);
}
