import { isPaidPlan } from '@behavio/contract';
import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { useUser } from '@/lib/auth';
import { RmSubscriptionRequired } from './rm-subscription-required';

export interface DashboardPageProps {
  /**
   * The five RM analytics panels (features/rm-analytics), shown to an RM on pro or business.
   * Composed in the route file because features do not import each other.
   */
  rmAnalytics: ReactNode;
  /**
   * Slot for the admin part of product-rules: Screens Dashboard (an upgrade block on the free plan, the admin
   * panel on pro or business), composed in the route file by the admin work. Until it is
   * passed, admins see a placeholder.
   */
  admin?: ReactNode;
  /** Slot for compliance, head and view (product-rules: Roles and permissions: their permissions are not shown). */
  otherRoles?: ReactNode;
}

function Placeholder() {
  return (
    <Paper withBorder p="xl" bg="white">
      <Text c="dimmed">Your insights will appear here.</Text>
    </Paper>
  );
}

/**
 * product-rules: Screens Dashboard. The upload-only view of a user without files is the shell's job; here an
 * RM on pro or business sees the analytics panels, an RM on free the subscription message, an
 * admin the admin slot and the other roles theirs.
 */
export function DashboardPage({ rmAnalytics, admin, otherRoles }: DashboardPageProps) {
  // The signed-in area renders pages only once the user has loaded.
  const { data: user } = useUser();

  let content: ReactNode = null;
  if (user?.role === 'rm') {
    content = isPaidPlan(user.subscription) ? rmAnalytics : <RmSubscriptionRequired />;
  } else if (user?.role === 'admin') {
    content = admin ?? <Placeholder />;
  } else if (user) {
    content = otherRoles ?? <Placeholder />;
  }

  return (
    <>
      <PageHeader title="Dashboard" description="An overview of your customers and insights." />
      {content}
    </>
  );
}
