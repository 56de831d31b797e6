import { AuthLayout } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form';
import { usePageTitle } from '@/lib/page-title';

export default function ResetPasswordRoute() {
  usePageTitle('Reset password');
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Enter the code we emailed you and your new password."
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
