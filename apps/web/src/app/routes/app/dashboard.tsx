import { isPaidPlan } from '@behavio/contract';
import { Stack } from '@mantine/core';
import { PremiumFeaturesLink } from '@/features/credits/components/premium-features-link';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { AdminDashboard, UpgradeBlock } from '@/features/firm-overview/components/admin-dashboard';
import { SettingsCustomerList } from '@/features/customers/components/customer-list';
import { LazyRmAnalyticsPanels } from '@/features/rm-analytics/components/lazy-rm-analytics-panels';
import { RmSubscriptionRequired } from '@/features/dashboard/components/rm-subscription-required';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

/**
 * product-rules: Screens Dashboard: the admin's upgrade block on free and the firm overview on a paid plan;
 * head and compliance the same overview (read-only, docs/permissions.md); view the customer
 * list; an RM their five panels (the page decides the RM cases). Below, for everyone, the way to
 * the credit-gated and paid features.
 */
export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const { data: user } = useUser();
  const paid = user ? isPaidPlan(user.subscription) : false;
  const otherRoles = !paid ? (
    <RmSubscriptionRequired />
  ) : user?.role === 'view' ? (
    <SettingsCustomerList />
  ) : (
    <AdminDashboard />
  );
  return (
    <Stack gap="xl">
      <div>
        <DashboardPage
          rmAnalytics={<LazyRmAnalyticsPanels />}
          admin={paid ? <AdminDashboard /> : <UpgradeBlock />}
          otherRoles={otherRoles}
        />
      </div>
      <PremiumFeaturesLink />
    </Stack>
  );
}
