import { PageHeader } from '@/components/ui/page-header/page-header';
import { ProductsPage } from '@/features/products/components/products-page';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

export default function ProductsRoute() {
  usePageTitle('Products');
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Products"
        description="Your firm's shelf of savings, credit card, loan and investment products."
      />
      <ProductsPage role={user.role} />
    </>
  );
}
