import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { LazyRmAnalyticsPanels } from '@/features/rm-analytics/components/lazy-rm-analytics-panels';
import { usePageTitle } from '@/lib/page-title';

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  return <DashboardPage rmAnalytics={<LazyRmAnalyticsPanels />} />;
}
