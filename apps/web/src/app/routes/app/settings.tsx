import { isPaidPlan, type Role } from '@behavio/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { AuditLog } from '@/features/audit/components/audit-log';
import { SettingsCustomerList } from '@/features/customers/components/customer-list';
import { EmployeeManagement } from '@/features/employees/components/employee-management';
import { LockedRoleManagement } from '@/features/employees/components/locked-role-management';
import { LazyRmAnalyticsPanels } from '@/features/rm-analytics/components/lazy-rm-analytics-panels';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

type Section = 'rmAnalytics' | 'locked' | 'employees' | 'customers' | 'audit' | 'password';

/**
 * What Settings shows, by role and plan (product-rules: Screens Settings, §6 and docs/permissions.md): a paid
 * RM their five panels; the admin employees and customers on a paid plan, the locked overlay
 * on free; head and compliance the read-only directory and customers; view the customers;
 * the audit log to admin and compliance on any plan; and to everyone, Change password.
 */
export function settingsSections(role: Role, paid: boolean): Section[] {
  if (role === 'rm') return paid ? ['rmAnalytics', 'password'] : ['locked', 'password'];
  const sections: Section[] = [];
  if (!paid) sections.push('locked');
  else if (role === 'view') sections.push('customers');
  else sections.push('employees', 'customers');
  if (role === 'admin' || role === 'compliance') sections.push('audit');
  sections.push('password');
  return sections;
}

const RENDER: Record<Section, () => ReactNode> = {
  rmAnalytics: () => <LazyRmAnalyticsPanels />,
  locked: () => <LockedRoleManagement />,
  employees: () => <EmployeeManagement />,
  customers: () => <SettingsCustomerList />,
  audit: () => <AuditLog />,
  password: () => <ChangePasswordForm />,
};

export default function SettingsRoute() {
  usePageTitle('Settings');
  const { data: user } = useUser();
  if (!user) return null;
  const sections = settingsSections(user.role, isPaidPlan(user.subscription));
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          user.role === 'rm' ? 'Your customer analytics.' : 'Manage your team, roles and customers.'
        }
      />
      <Stack gap="xl">
        {sections.map((section) => (
          <div key={section}>{RENDER[section]()}</div>
        ))}
      </Stack>
    </>
  );
}
