import { isPaidPlan, type Role } from '@behavio/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { ApiKeysLink } from '@/features/api-keys/components/api-keys-link';
import { AlertDigestSetting } from '@/features/account/components/alert-digest-setting';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { CallCapacitySettings } from '@/features/call-capacity/components/call-capacity-settings';
import { AuditLog } from '@/features/audit/components/audit-log';
import { SettingsCustomerList } from '@/features/customers/components/customer-list';
import { EmployeeManagement } from '@/features/employees/components/employee-management';
import { LockedRoleManagement } from '@/features/employees/components/locked-role-management';
import { LazyRmAnalyticsPanels } from '@/features/rm-analytics/components/lazy-rm-analytics-panels';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

type Section =
  | 'rmAnalytics'
  | 'callCapacity'
  | 'firmCallCapacity'
  | 'apiKeys'
  | 'locked'
  | 'employees'
  | 'customers'
  | 'audit'
  | 'alertDigest'
  | 'password';

/**
 * What Settings shows, by role and plan (product-rules: Screens Settings, §6 and docs/permissions.md): a paid
 * RM their five panels; the admin employees and customers on a paid plan, the locked overlay
 * on free; head and compliance the read-only directory and customers; view the customers;
 * the audit log to admin and compliance on any plan; and to everyone, their alert digest
 * email (issue 19) and Change password. The daily call capacity (issue 20): the admin sets the
 * firm's on any plan, a paid RM their own.
 */
export function settingsSections(role: Role, paid: boolean): Section[] {
  if (role === 'rm')
    return paid
      ? ['rmAnalytics', 'callCapacity', 'alertDigest', 'password']
      : ['locked', 'alertDigest', 'password'];
  const sections: Section[] = [];
  if (!paid) sections.push('locked');
  else if (role === 'view') sections.push('customers');
  else sections.push('employees', 'customers');
  if (role === 'admin') sections.push('firmCallCapacity', 'apiKeys');
  if (role === 'admin' || role === 'compliance') sections.push('audit');
  sections.push('alertDigest', 'password');
  return sections;
}

const RENDER: Record<Section, () => ReactNode> = {
  rmAnalytics: () => <LazyRmAnalyticsPanels />,
  callCapacity: () => <CallCapacitySettings target="own" />,
  firmCallCapacity: () => <CallCapacitySettings target="firm" />,
  apiKeys: () => <ApiKeysLink />,
  locked: () => <LockedRoleManagement />,
  employees: () => <EmployeeManagement />,
  customers: () => <SettingsCustomerList />,
  audit: () => <AuditLog />,
  alertDigest: () => <AlertDigestSetting />,
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
