import { ManageCustomersPage } from '@/features/manage-customers/components/manage-customers-page';
import { usePageTitle } from '@/lib/page-title';

export default function ManageCustomersRoute() {
  usePageTitle('Manage Customers');
  return <ManageCustomersPage />;
}
