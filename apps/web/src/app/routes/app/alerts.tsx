import { AlertsPage } from '@/features/alerts/components/alerts-page';
import { usePageTitle } from '@/lib/page-title';

/** `/alerts`: the signed-in user's alerts, for every role. */
export default function AlertsRoute() {
  usePageTitle('Alerts');
  return <AlertsPage />;
}
