import { isPaidPlan } from '@behavio/contract';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { LazyRmAnalyticsPanels } from '@/features/rm-analytics/components/lazy-rm-analytics-panels';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec §2 Settings / §6: a pro or business RM sees the five analytics panels here too (the RM
 * has no Settings item in the navigation, but the route works). Everyone else, including an RM
 * on the free plan (the locked 'Role Management & Creation' overlay), gets SettingsPage, which
 * the settings work fills.
 */
export default function SettingsRoute() {
  usePageTitle('Settings');
  const { data: user } = useUser();
  if (user?.role === 'rm' && isPaidPlan(user.subscription)) {
    return (
      <>
        <PageHeader title="Settings" description="Your customer analytics." />
        <LazyRmAnalyticsPanels />
      </>
    );
  }
  return <SettingsPage />;
}
