import { OTP_LENGTH, resendOtpRequestSchema, verifyRequestSchema } from '@behavio/contract';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmailField } from '@/components/ui/credential-fields/credential-fields';
import { paths, readEmailState, type EmailNavigationState } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { issuesToFormErrors, parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { sanitizeOtp } from '@/lib/otp';
import { toastResendError, toastResendSuccess, useResendOtp } from '../api/resend-otp';
import { VERIFY_FAILED, useVerifyOtp } from '../api/verify-otp';

interface VerifyValues {
  email: string;
  otp: string;
}

function toastEmailRequired() {
  toast.error({ title: 'Email required', message: 'Please enter your email address' });
}

export function VerifyOtpForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const verifyMutation = useVerifyOtp();
  const resendMutation = useResendOtp();

  const form = useForm<VerifyValues>({
    mode: 'controlled',
    initialValues: { email: readEmailState(location.state), otp: '' },
    validate: schemaResolver(verifyRequestSchema),
  });

  const handleVerify = (values: VerifyValues) => {
    const body = parseWithSchema(verifyRequestSchema, values);
    if (!body) return;
    verifyMutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success({
          title: 'Verification successful',
          message: answer?.message || 'You can now log in.',
        });
        const state: EmailNavigationState = { email: body.email };
        void navigate(paths.login, { state });
      },
      onError: (error) => {
        toast.error({
          title: VERIFY_FAILED.title,
          message: messageOr(error, VERIFY_FAILED.fallback),
        });
      },
    });
  };

  const handleVerifyFailure = (_errors: FormErrors, values: VerifyValues) => {
    if (!values.email.trim()) toastEmailRequired();
  };

  const handleResend = () => {
    const result = resendOtpRequestSchema.safeParse({ email: form.values.email });
    if (!result.success) {
      form.setFieldError('email', issuesToFormErrors(result.error.issues).email);
      if (!form.values.email.trim()) toastEmailRequired();
      return;
    }
    resendMutation.mutate(result.data, {
      onSuccess: toastResendSuccess,
      onError: toastResendError,
    });
  };

  const otpInput = form.getInputProps('otp');

  return (
    <form noValidate onSubmit={form.onSubmit(handleVerify, handleVerifyFailure)}>
      <Stack gap="md">
        <EmailField leftSection={<IconMail size={18} />} {...form.getInputProps('email')} />
        <TextInput
          label="Verification Code"
          description={`The ${OTP_LENGTH}-digit code from your email`}
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          withAsterisk
          styles={{
            input: {
              textAlign: 'center',
              letterSpacing: '0.5em',
              fontSize: 'var(--mantine-font-size-xl)',
              fontVariantNumeric: 'tabular-nums',
              height: 52,
            },
          }}
          {...otpInput}
          onChange={(event) => form.setFieldValue('otp', sanitizeOtp(event.currentTarget.value))}
        />
        <Text size="sm" c="dimmed">
          Can&apos;t find the code? Check your spam or junk folder.
        </Text>
        <Button type="submit" size="md" fullWidth loading={verifyMutation.isPending}>
          Verify Email
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component={Link}
            to={paths.register}
            size="sm"
            c="dimmed"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={16} />
            Back to Register
          </Anchor>
          <Button
            variant="subtle"
            size="sm"
            onClick={handleResend}
            loading={resendMutation.isPending}
          >
            Resend OTP
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
