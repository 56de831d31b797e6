import { STARTING_CREDITS } from '@behavio/contract';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { getAppName } from '@/config/app-name';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/lib/page-title';

export default function RegisterRoute() {
  usePageTitle('Register');
  return (
    <AuthLayout
      title={`Join ${getAppName()}`}
      subtitle={`Create your free account. New accounts start with ${STARTING_CREDITS} free credits.`}
    >
      <RegisterForm />
    </AuthLayout>
  );
}
