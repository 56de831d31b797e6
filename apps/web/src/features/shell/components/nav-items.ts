import type { Role } from '@behavio/contract';
import {
  IconCreditCard,
  IconDatabase,
  IconKey,
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
  /** Only these roles get this item. */
  onlyFor?: readonly Role[];
  /**
   * In the sidebar only: the phone's bottom bar holds five items at 390 px. On a phone the
   * admin reaches it from Settings.
   */
  sidebarOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Datasets', to: paths.datasets, icon: IconDatabase },
  { label: 'Products', to: paths.products, icon: IconPackage },
  { label: 'Settings', to: paths.settings, icon: IconSettings, hiddenFor: ['rm'] },
  { label: 'Subscription', to: paths.subscription, icon: IconCreditCard },
  { label: 'API keys', to: paths.apiKeys, icon: IconKey, onlyFor: ['admin'], sidebarOnly: true },
];

export function navItemsFor(role: Role, place: 'sidebar' | 'bottomBar' = 'sidebar'): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      !item.hiddenFor?.includes(role) &&
      (!item.onlyFor || item.onlyFor.includes(role)) &&
      (place === 'sidebar' || !item.sidebarOnly),
  );
}

/** /settings stays active on /settings/manageCustomers. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
