import { AuthLayout } from '@/components/layouts/auth-layout';
import { VerifyOtpForm } from '@/features/auth/components/verify-otp-form';
import { usePageTitle } from '@/lib/page-title';

export default function VerifyOtpRoute() {
  usePageTitle('Verify Email');
  return (
    <AuthLayout title="Verify your email" subtitle="Enter the 6-digit code we sent to your email.">
      <VerifyOtpForm />
    </AuthLayout>
  );
}
