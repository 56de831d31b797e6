import type { Role } from '@behavio/contract';
import {
  IconCreditCard,
  IconDatabase,
  IconLayoutDashboard,
  IconPackage,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Roles that do not get this item (product-rules: Screens: rm has no Settings). */
  hiddenFor?: readonly Role[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Datasets', to: paths.datasets, icon: IconDatabase },
  { label: 'Products', to: paths.products, icon: IconPackage },
  { label: 'Settings', to: paths.settings, icon: IconSettings, hiddenFor: ['rm'] },
  { label: 'Subscription', to: paths.subscription, icon: IconCreditCard },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.hiddenFor?.includes(role));
}

/** /settings stays active on /settings/manageCustomers. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
