import { forgotPasswordRequestSchema } from '@behavio/contract';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmailField } from '@/components/ui/credential-fields/credential-fields';
import { paths, readEmailState } from '@/config/paths';
import { messageOr } from '@/lib/api-client';
import { parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { useRequestPasswordReset, type ResetNavigationState } from '../api/password';
import { OptionalAdminEmailField } from './admin-email-field';

interface ForgotValues {
  email: string;
  adminEmail: string;
}

/**
 * Asks for a reset code. The server answers the same whether the account exists or not, so
 * the screen always goes on to the reset form with what was typed.
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useRequestPasswordReset();
  const form = useForm<ForgotValues>({
    mode: 'controlled',
    initialValues: { email: readEmailState(location.state), adminEmail: '' },
    validate: schemaResolver(forgotPasswordRequestSchema),
  });

  const submit = (values: ForgotValues) => {
    const body = parseWithSchema(forgotPasswordRequestSchema, values);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success({ title: 'Check your email', message: answer.message });
        const state: ResetNavigationState = { email: body.email, adminEmail: body.adminEmail };
        void navigate(paths.resetPassword, { state });
      },
      onError: (error) => {
        toast.error({
          title: 'Could not send the code',
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
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          Send reset code
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.resetPassword} state={form.values}>
            I already have a code
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
