import {
  alertReadResponseSchema,
  alertsReadAllResponseSchema,
  alertsResponseSchema,
  type AlertReadResponse,
  type AlertStatus,
  type AlertsReadAllResponse,
  type AlertsResponse,
} from '@behavio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, endsSession, messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';

/** The bell asks again this often, and whenever the window gets the focus back. */
export const ALERTS_POLL_MS = 60_000;
/** The bell lists this many of the newest unread alerts. */
export const BELL_ALERTS_SHOWN = 5;
/** The alert list screen's page size. */
export const ALERTS_PAGE_SIZE = 20;

export const alertsKeys = {
  all: ['alerts'] as const,
  bell: () => [...alertsKeys.all, 'bell'] as const,
  page: (status: AlertStatus, page: number) => [...alertsKeys.all, status, page] as const,
};

/** GET /alerts: the signed-in user's own alerts, newest first, and their unread count. */
export function getAlerts(
  query: { status: AlertStatus; limit: number; offset?: number },
  signal?: AbortSignal,
): Promise<AlertsResponse> {
  return api.get('/alerts', { query, schema: alertsResponseSchema, signal });
}

/** The bell's newest unread alerts and count, polled on every signed-in screen. */
export function useBellAlerts() {
  return useQuery({
    queryKey: alertsKeys.bell(),
    queryFn: ({ signal }) => getAlerts({ status: 'unread', limit: BELL_ALERTS_SHOWN }, signal),
    refetchInterval: ALERTS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** One page of the alert list. */
export interface AlertsPage extends AlertsResponse {
  /** Whether a later page exists (the answer has no total for "all"). */
  hasMore: boolean;
}

/** One page of the list; one alert more than shown is asked for, to know whether Next leads on. */
export function useAlertsPage(status: AlertStatus, page: number) {
  return useQuery({
    queryKey: alertsKeys.page(status, page),
    queryFn: async ({ signal }): Promise<AlertsPage> => {
      const offset = (page - 1) * ALERTS_PAGE_SIZE;
      const answer = await getAlerts({ status, limit: ALERTS_PAGE_SIZE + 1, offset }, signal);
      return {
        alerts: answer.alerts.slice(0, ALERTS_PAGE_SIZE),
        unread_count: answer.unread_count,
        hasMore: answer.alerts.length > ALERTS_PAGE_SIZE,
      };
    },
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

export const ALERTS_TEXT = {
  loadFailed: 'Failed to load alerts',
  fallback: 'Something went wrong. Please try again.',
  markReadFailed: 'Could not mark the alert as read',
  markAllFailed: 'Could not mark the alerts as read',
  noUnread: 'You are all caught up: no unread alerts.',
  noAlerts: 'No alerts yet. You will see one here when a customer of yours needs attention.',
} as const;

function toastFailure(title: string, error: unknown) {
  if (endsSession(error)) return;
  toast.error({ title, message: messageOr(error, ALERTS_TEXT.fallback) });
}

/** POST /alerts/{alert_id}/read. The bell drops the alert at once; the lists are read again. */
export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string): Promise<AlertReadResponse> =>
      api.post(`/alerts/${encodeURIComponent(alertId)}/read`, undefined, {
        schema: alertReadResponseSchema,
      }),
    onMutate: async (alertId) => {
      await queryClient.cancelQueries({ queryKey: alertsKeys.bell() });
      queryClient.setQueryData<AlertsResponse>(alertsKeys.bell(), (bell) => {
        if (!bell?.alerts.some((alert) => alert.alert_id === alertId)) return bell;
        return {
          alerts: bell.alerts.filter((alert) => alert.alert_id !== alertId),
          unread_count: Math.max(0, bell.unread_count - 1),
        };
      });
    },
    onError: (error) => toastFailure(ALERTS_TEXT.markReadFailed, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}

/** POST /alerts/read-all: every alert of the user read, the count at 0. */
export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AlertsReadAllResponse> =>
      api.post('/alerts/read-all', undefined, { schema: alertsReadAllResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData<AlertsResponse>(alertsKeys.bell(), {
        alerts: [],
        unread_count: answer.unread_count,
      });
      toast.success({ message: answer.message });
    },
    onError: (error) => toastFailure(ALERTS_TEXT.markAllFailed, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}
