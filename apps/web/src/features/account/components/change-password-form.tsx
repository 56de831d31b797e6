import { changePasswordRequestSchema } from '@behavio/contract';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordField } from '@/components/ui/credential-fields/credential-fields';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { isApiError, messageOr } from '@/lib/api-client';
import { parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { useChangePassword } from '../api/password';

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
}

const INITIAL: ChangeValues = { currentPassword: '', newPassword: '' };

/**
 * Change password, for every role (an employee replaces the password the admin set). The
 * server signs out every other session; this one goes on with the token it answers.
 */
export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const form = useForm<ChangeValues>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: schemaResolver(changePasswordRequestSchema),
  });

  const submit = (values: ChangeValues) => {
    const body = parseWithSchema(changePasswordRequestSchema, values);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success({ title: 'Password changed', message: answer.message });
        form.setValues(INITIAL);
      },
      onError: (error) => {
        if (isApiError(error) && error.errors)
          form.setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.msg])));
        toast.error({
          title: 'Password not changed',
          message: messageOr(error, 'Unable to connect to server. Please check your connection.'),
        });
      },
    });
  };

  return (
    <SectionCard
      labelId="change-password"
      title="Change password"
      description="Your other sessions are signed out when the password changes."
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label="New Password"
            purpose="new"
            {...form.getInputProps('newPassword')}
          />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
