import { SettingsPage } from '@/features/settings/components/settings-page';
import { usePageTitle } from '@/lib/page-title';

export default function SettingsRoute() {
  usePageTitle('Settings');
  return <SettingsPage />;
}
