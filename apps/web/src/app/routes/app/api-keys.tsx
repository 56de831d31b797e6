import { API_KEY_MESSAGES } from '@behavio/contract';
import { Alert } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header/page-header';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';
import { useUser } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

export default function ApiKeysRoute() {
  usePageTitle('API keys');
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys your firm's systems use to send customers to Behavio without a file upload."
      />
      {user.role === 'admin' ? (
        <ApiKeysPage />
      ) : (
        <Alert color="gray">{API_KEY_MESSAGES.adminOnly}</Alert>
      )}
    </>
  );
}
