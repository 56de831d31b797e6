import { EMPLOYEES_MAX, EMPLOYEES_MIN, registerRequestSchema } from '@behavio/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmailField, PasswordField } from '@/components/ui/credential-fields/credential-fields';
import { paths, type EmailNavigationState } from '@/config/paths';
import { hasCode } from '@/lib/api-client';
import { parseWithSchema, schemaResolver } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import {
  REGISTER_TEXT,
  describeRegisterError,
  useRegister,
  type RegisterFailure,
} from '../api/register';
import { toastResendError, toastResendSuccess, useResendOtp } from '../api/resend-otp';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  businessName: string;
  numberOfEmployees: number | string;
}

/** The stepper falls back to 1 on non-numeric input (product-rules: Validation rules). */
export function toEmployeeCount(value: number | string): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : EMPLOYEES_MIN;
  const parsed = Number(value.trim());
  return value.trim() !== '' && Number.isFinite(parsed) ? parsed : EMPLOYEES_MIN;
}

const prepare = (values: RegisterValues) => ({
  ...values,
  numberOfEmployees: toEmployeeCount(values.numberOfEmployees),
});

interface AlreadyRegistered {
  verified: boolean;
  message: string;
  email: string;
}

/** Sends the user on to the verification screen with their email filled in. */
function useGoToVerify() {
  const navigate = useNavigate();
  return (email: string) => {
    const state: EmailNavigationState = { email };
    void navigate(paths.verifyOtp, { state });
  };
}

/** A failed registration other than 'already registered': field errors or a toast. */
function showRegisterFailure(
  failure: Exclude<RegisterFailure, { type: 'already-registered' }>,
  form: UseFormReturnType<RegisterValues>,
) {
  if (failure.type === 'field-errors') {
    form.setErrors(failure.errors);
    toast.error({ message: failure.message });
    return;
  }
  toast[failure.kind]({
    title: failure.title,
    message: failure.message,
    durationMs: failure.durationMs,
  });
}

/**
 * The email has an account already: Go to Login, and for an unverified account a new code
 * (either way the user continues on the verification screen).
 */
function AlreadyRegisteredAlert({
  account,
  onVerified,
}: {
  account: AlreadyRegistered;
  /** The account was verified meanwhile (in another tab): only a login is left. */
  onVerified: () => void;
}) {
  const goToVerify = useGoToVerify();
  const resendMutation = useResendOtp();
  const resendVerificationCode = () =>
    resendMutation.mutate(
      { email: account.email },
      {
        onSuccess: (answer) => {
          toastResendSuccess(answer);
          goToVerify(account.email);
        },
        onError: (error) => {
          if (hasCode(error, 'already_verified')) return onVerified();
          toastResendError(error);
          // A code may still be valid (a 429 means one went out a minute ago): enter it there.
          goToVerify(account.email);
        },
      },
    );
  return (
    <Alert
      color={account.verified ? 'blue' : 'orange'}
      variant="light"
      icon={<IconInfoCircle size={20} />}
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">{account.message}</Text>
        <Group gap="sm">
          <Button
            size="xs"
            variant={account.verified ? 'filled' : 'default'}
            component={Link}
            to={paths.login}
            state={{ email: account.email } satisfies EmailNavigationState}
          >
            Go to Login
          </Button>
          {/* A verified account has no code to resend: the resend would fail. */}
          {account.verified ? null : (
            <Button size="xs" loading={resendMutation.isPending} onClick={resendVerificationCode}>
              Resend Verification Code
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

export function RegisterForm() {
  const goToVerify = useGoToVerify();
  const registerMutation = useRegister();
  const [alreadyRegistered, setAlreadyRegistered] = useState<AlreadyRegistered | null>(null);

  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      email: '',
      password: '',
      businessName: '',
      numberOfEmployees: EMPLOYEES_MIN,
    },
    validate: schemaResolver(registerRequestSchema, prepare),
    onValuesChange: (values, previous) => {
      if (values.email !== previous.email) setAlreadyRegistered(null);
    },
  });

  const handleSubmit = (values: RegisterValues) => {
    const body = parseWithSchema(registerRequestSchema, values, prepare);
    if (!body) return;
    setAlreadyRegistered(null);
    registerMutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success({
          title: REGISTER_TEXT.successTitle,
          message: answer?.message || REGISTER_TEXT.successFallback,
        });
        goToVerify(body.email);
      },
      onError: (error) => {
        const failure = describeRegisterError(error);
        if (failure.type === 'already-registered')
          setAlreadyRegistered({ ...failure, email: body.email });
        else showRegisterFailure(failure, form);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(handleSubmit, () =>
        toast.error({ message: REGISTER_TEXT.fixErrors }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Full Name"
          placeholder="Jane Doe"
          autoComplete="name"
          withAsterisk
          {...form.getInputProps('name')}
        />
        <EmailField {...form.getInputProps('email')} />
        <PasswordField purpose="new" {...form.getInputProps('password')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Business Name"
            description="Optional"
            placeholder="Your firm"
            autoComplete="organization"
            {...form.getInputProps('businessName')}
          />
          <NumberInput
            label="Number of Employees"
            description={`${EMPLOYEES_MIN} to ${EMPLOYEES_MAX.toLocaleString('en-US')}`}
            min={EMPLOYEES_MIN}
            max={EMPLOYEES_MAX}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('numberOfEmployees')}
            onBlur={() => {
              form.setFieldValue('numberOfEmployees', (value) => toEmployeeCount(value));
            }}
          />
        </SimpleGrid>

        {alreadyRegistered ? (
          <AlreadyRegisteredAlert
            account={alreadyRegistered}
            onVerified={() =>
              setAlreadyRegistered({
                verified: true,
                message: REGISTER_TEXT.alreadyRegistered,
                email: alreadyRegistered.email,
              })
            }
          />
        ) : null}

        <Button type="submit" size="md" fullWidth loading={registerMutation.isPending}>
          Create Account
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
