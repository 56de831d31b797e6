import { messageOr, endsSession } from '@/lib/api-client';
import { toast } from '@/lib/notify';

/** product-rules: Error messages "Files and customers": the titles of this page's failures. */
export const MANAGE_CUSTOMERS_ERRORS = {
  customers: 'Error fetching customers',
  rms: 'Error fetching RMs',
  book: 'Error fetching RM book',
  whoToCall: 'Error fetching who to call list',
  assign: 'Failed to assign RM',
  /** The fallback when the server sent no message. */
  fallback: 'Something went wrong',
} as const;

/** product-rules: Screens: the Current RM of a customer without one. */
export const NOT_ASSIGNED = 'Not assigned';

/** The server message, or 'Something went wrong'. */
export function errorText(error: unknown): string {
  return messageOr(error, MANAGE_CUSTOMERS_ERRORS.fallback);
}

/** The error toast of a failed action, e.g. 'Failed to assign RM: <server message>'. */
export function actionFailed(title: string, error: unknown): void {
  if (endsSession(error)) return;
  toast.error({ title, message: errorText(error) });
}
