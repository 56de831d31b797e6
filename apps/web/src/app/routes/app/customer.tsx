import { useParams } from 'react-router';
import { CustomerPage } from '@/features/customer-page/components/customer-page';
import { usePageTitle } from '@/lib/page-title';

/** `/customers/:customerId`: one customer's page, for admins and the customer's own RM. */
export default function CustomerRoute() {
  const { customerId = '' } = useParams();
  usePageTitle(`Customer ${customerId}`);
  // A new customer is a new page: nothing of the previous one's state is kept.
  return <CustomerPage key={customerId} customerId={customerId} />;
}
