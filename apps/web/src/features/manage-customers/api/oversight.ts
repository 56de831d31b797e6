import {
  adminRmBookResponseSchema,
  adminWhoToCallResponseSchema,
  type AdminWhoToCallResponse,
  type RmBookResponse,
} from '@behavio/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { manageCustomersKeys } from './query-keys';

/** POST /content/admin-view-rm-book {rm_id}. */
export function getRmBook(rmId: string, signal?: AbortSignal): Promise<RmBookResponse> {
  return api.post(
    '/content/admin-view-rm-book',
    { rm_id: rmId },
    {
      schema: adminRmBookResponseSchema,
      signal,
    },
  );
}

/** POST /content/admin-who-to-call-for-a-rm {rm_id}: highest priority first. */
export function getRmWhoToCall(
  rmId: string,
  signal?: AbortSignal,
): Promise<AdminWhoToCallResponse> {
  return api.post(
    '/content/admin-who-to-call-for-a-rm',
    { rm_id: rmId },
    {
      schema: adminWhoToCallResponseSchema,
      signal,
    },
  );
}

/** The book of the RM asked for (null: nothing asked yet). */
export function useRmBook(rmId: string | null) {
  return useQuery({
    queryKey: manageCustomersKeys.book(rmId ?? ''),
    queryFn: rmId ? ({ signal }) => getRmBook(rmId, signal) : skipToken,
    staleTime: 0,
  });
}

/** The call list of the RM asked for (null: nothing asked yet). */
export function useRmWhoToCall(rmId: string | null) {
  return useQuery({
    queryKey: manageCustomersKeys.whoToCall(rmId ?? ''),
    queryFn: rmId ? ({ signal }) => getRmWhoToCall(rmId, signal) : skipToken,
    staleTime: 0,
  });
}
