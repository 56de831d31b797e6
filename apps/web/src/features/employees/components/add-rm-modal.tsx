import { createEmployeeRequestSchema, type CreateEmployeeRequest } from '@behavio/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EmailField, PasswordField } from '@/components/ui/credential-fields/credential-fields';
import { isApiError, hasCode, endsSession } from '@/lib/api-client';
import { parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { EMPLOYEE_TEXT, errorText, useCreateEmployee } from '../api/employees';
import { RoleBadge } from './role-badge';

interface NewRmValues {
  name: string;
  email: string;
  password: string;
}

const INITIAL: NewRmValues = { name: '', email: '', password: '' };

/** The role is fixed to rm (product-rules: Validation rules "New RM form"). */
const prepare = (values: NewRmValues): CreateEmployeeRequest => ({ ...values, role: 'rm' });

const FIELDS = new Set<keyof NewRmValues>(['name', 'email', 'password']);

export interface AddRmModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add Relationship Manager': Name, Email and Password, validated with the contract's
 * createEmployeeRequestSchema (which carries the §5 messages); the server's own field errors
 * land on the fields, and any failure raises 'Failed to create employee' with its message.
 */
export function AddRmModal({ opened, onClose }: AddRmModalProps) {
  const mutation = useCreateEmployee();
  const form = useForm<NewRmValues>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: schemaResolver(createEmployeeRequestSchema, prepare),
  });

  const close = () => {
    if (mutation.isPending) return;
    form.reset();
    mutation.reset();
    onClose();
  };

  const submit = (values: NewRmValues) => {
    const body = parseWithSchema(createEmployeeRequestSchema, values, prepare);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success({
          title: answer.message,
          message: `${answer.employee.name} can now sign in as a relationship manager with ${answer.employee.email}.`,
        });
        form.reset();
        onClose();
      },
      onError: (error) => {
        if (endsSession(error)) return;
        if (isApiError(error) && error.errors) {
          const fieldErrors = Object.fromEntries(
            error.errors
              .filter((entry) => FIELDS.has(entry.path as keyof NewRmValues))
              .map((entry) => [entry.path, entry.msg]),
          );
          form.setErrors(fieldErrors);
        } else if (hasCode(error, 'employee_email_taken')) {
          form.setFieldError('email', errorText(error));
        }
        toast.error({ title: EMPLOYEE_TEXT.createError, message: errorText(error) });
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Relationship Manager" centered>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Role
            </Text>
            <RoleBadge role="rm" />
          </Group>
          <TextInput
            label="Name"
            placeholder="Jane Doe"
            autoComplete="off"
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <EmailField
            placeholder="jane@yourfirm.com"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <PasswordField purpose="new" {...form.getInputProps('password')} />
          <Text size="xs" c="dimmed">
            We email the new relationship manager how to sign in with your admin email.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Create RM
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
