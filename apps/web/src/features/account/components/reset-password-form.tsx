import { OTP_LENGTH, resetPasswordRequestSchema } from '@behavio/contract';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmailField, PasswordField } from '@/components/ui/credential-fields/credential-fields';
import { paths, type EmailNavigationState } from '@/config/paths';
import { isApiError, messageOr } from '@/lib/api-client';
import { parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { sanitizeOtp } from '@/lib/otp';
import { readResetState, useResetPassword } from '../api/password';
import { OptionalAdminEmailField } from './admin-email-field';

interface ResetValues {
  email: string;
  adminEmail: string;
  otp: string;
  password: string;
}

/** The mailed code and a new password (the register rules); success leads to login. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useResetPassword();
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { ...readResetState(location.state), otp: '', password: '' },
    validate: schemaResolver(resetPasswordRequestSchema),
  });

  const submit = (values: ResetValues) => {
    const body = parseWithSchema(resetPasswordRequestSchema, values);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success({ title: 'Password reset', message: answer.message });
        const state: EmailNavigationState = { email: body.email };
        void navigate(paths.login, { state });
      },
      onError: (error) => {
        if (isApiError(error) && error.errors)
          form.setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.msg])));
        toast.error({
          title: 'Reset failed',
          message: messageOr(error, 'Unable to connect to server. Please check your connection.'),
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <EmailField {...form.getInputProps('email')} />
        <OptionalAdminEmailField {...form.getInputProps('adminEmail')} />
        <TextInput
          label="Reset Code"
          description={`The ${OTP_LENGTH}-digit code from your email, valid for 15 minutes`}
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          withAsterisk
          {...form.getInputProps('otp')}
          onChange={(event) => form.setFieldValue('otp', sanitizeOtp(event.currentTarget.value))}
        />
        <PasswordField label="New Password" purpose="new" {...form.getInputProps('password')} />
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          Reset Password
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.forgotPassword} state={{ email: form.values.email }}>
            Send a new code
          </Anchor>
          {' · '}
          <Anchor component={Link} to={paths.login}>
            Back to Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
