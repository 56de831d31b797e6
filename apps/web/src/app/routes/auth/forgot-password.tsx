import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';
import { usePageTitle } from '@/lib/page-title';

export default function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="We will email you a 6-digit code to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
