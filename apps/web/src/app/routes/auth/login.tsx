import { AuthLayout } from '@/components/layouts/auth-layout';
import { getAppName } from '@/config/app-name';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/lib/page-title';

export default function LoginRoute() {
  usePageTitle('Login');
  return (
    <AuthLayout title="Welcome back" subtitle={`Log into ${getAppName()} to see your insights.`}>
      <LoginForm />
    </AuthLayout>
  );
}
