import {
  EMPLOYEE_ROLES,
  createEmployeeRequestSchema,
  type CreateEmployeeRequest,
  type EmployeeRole,
} from '@behavio/contract';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EmailField, PasswordField } from '@/components/ui/credential-fields/credential-fields';
import { isApiError, hasCode, endsSession } from '@/lib/api-client';
import { parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { EMPLOYEE_TEXT, errorText, useCreateEmployee } from '../api/employees';

interface NewRmValues {
  role: EmployeeRole;
  name: string;
  email: string;
  password: string;
}

/** The rm role first: with it the dialog is the spec's New RM form (§5), as it always was. */
const INITIAL: NewRmValues = { role: 'rm', name: '', email: '', password: '' };

/** How each role is named in the dialog's title, button and toast. */
const ROLE_TEXT: Record<EmployeeRole, { title: string; submit: string; who: string }> = {
  rm: { title: 'Add Relationship Manager', submit: 'Create RM', who: 'a relationship manager' },
  compliance: { title: 'Add Compliance User', submit: 'Create user', who: 'compliance' },
  head: { title: 'Add Head', submit: 'Create user', who: 'head' },
  view: { title: 'Add View User', submit: 'Create user', who: 'a view user' },
};

const ROLE_OPTIONS = EMPLOYEE_ROLES.map((role) => ({
  value: role,
  label: role === 'rm' ? 'rm (Relationship Manager)' : role,
}));

const prepare = (values: NewRmValues): CreateEmployeeRequest => values;

const FIELDS = new Set<keyof NewRmValues>(['role', 'name', 'email', 'password']);

export interface AddRmModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add Relationship Manager' (or another employee role the admin picks): Name, Email and
 * Password, validated with the contract's
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
          message: `${answer.employee.name} can now sign in as ${ROLE_TEXT[answer.employee.role as EmployeeRole]?.who ?? answer.employee.role} with ${answer.employee.email}.`,
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

  const text = ROLE_TEXT[form.values.role];
  return (
    <Modal opened={opened} onClose={close} title={text.title} centered>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            checkIconPosition="right"
            withAsterisk
            {...form.getInputProps('role')}
          />
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
            We email the new employee how to sign in with your admin email.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {text.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
