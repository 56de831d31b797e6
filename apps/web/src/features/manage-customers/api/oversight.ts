import {
  adminRmBookResponseSchema,
  adminWhoToCallResponseSchema,
  type AdminWhoToCallResponse,
  type RmBookResponse,
  type WhoToCallScope,
} from '@behavio/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ViewQuery } from '@/components/ui/list-tools/use-list-view';
import { api } from '@/lib/api-client';
import { manageCustomersKeys } from './query-keys';

/** The admin's views of an RM's lists: their address (the export is `${path}/export`). */
export const RM_BOOK_PATH = '/content/admin-view-rm-book';
export const RM_WHO_TO_CALL_PATH = '/content/admin-who-to-call-for-a-rm';

/** POST /content/admin-view-rm-book {rm_id, …view}: the list tools are optional. */
export function getRmBook(
  rmId: string,
  view: ViewQuery = {},
  signal?: AbortSignal,
): Promise<RmBookResponse> {
  return api.post(
    RM_BOOK_PATH,
    { rm_id: rmId, ...view },
    { schema: adminRmBookResponseSchema, signal },
  );
}

/** POST /content/admin-who-to-call-for-a-rm {rm_id, scope, …view}: highest priority first. */
export function getRmWhoToCall(
  rmId: string,
  query: ViewQuery & { scope?: WhoToCallScope } = {},
  signal?: AbortSignal,
): Promise<AdminWhoToCallResponse> {
  return api.post(
    RM_WHO_TO_CALL_PATH,
    { rm_id: rmId, ...query },
    { schema: adminWhoToCallResponseSchema, signal },
  );
}

/**
 * While another view of the same RM's list loads, the last one stays on screen (the tools stay
 * where they are); another RM's list never stands in.
 */
const sameRm =
  <T extends { rm_id: string }>(rmId: string | null) =>
  (previous: T | undefined) =>
    previous?.rm_id === rmId ? previous : undefined;

/** The book of the RM asked for (null: nothing asked yet), in `view`. */
export function useRmBook(rmId: string | null, view: ViewQuery) {
  return useQuery<RmBookResponse>({
    queryKey: manageCustomersKeys.book(rmId ?? '', view),
    queryFn: rmId ? ({ signal }) => getRmBook(rmId, view, signal) : skipToken,
    placeholderData: sameRm<RmBookResponse>(rmId),
    staleTime: 0,
  });
}

/** The call list of the RM asked for (null: nothing asked yet), in `scope` and `view`. */
export function useRmWhoToCall(rmId: string | null, scope: WhoToCallScope, view: ViewQuery) {
  return useQuery<AdminWhoToCallResponse>({
    queryKey: manageCustomersKeys.whoToCall(rmId ?? '', { scope, ...view }),
    queryFn: rmId ? ({ signal }) => getRmWhoToCall(rmId, { scope, ...view }, signal) : skipToken,
    placeholderData: sameRm<AdminWhoToCallResponse>(rmId),
    staleTime: 0,
  });
}
