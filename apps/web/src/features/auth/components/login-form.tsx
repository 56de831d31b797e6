import {
  LOGIN_MESSAGES,
  ROLES,
  loginOthersRequestSchema,
  loginRequestSchema,
  type Role,
} from '@behavio/contract';
import { Alert, Anchor, Button, Select, Stack, Text } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  INSIGHTS_LOADING_MESSAGE,
  LoadingScreen,
} from '@/components/ui/loading-screen/loading-screen';
import { EmailField, PasswordField } from '@/components/ui/credential-fields/credential-fields';
import { paths, readEmailState, type EmailNavigationState } from '@/config/paths';
import { issuesToFormErrors } from '@/lib/form-schema';
import { toast } from '@/lib/notify';
import { setToken } from '@/lib/session';
import {
  LOGIN_FAILED_TITLE,
  describeLoginError,
  describeMissingToken,
  isUnverifiedLogin,
  useLogin,
} from '../api/login';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  rm: 'RM (Relationship Manager)',
  compliance: 'Compliance',
  head: 'Head',
  view: 'View',
};

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface LoginValues {
  role: Role | null;
  email: string;
  password: string;
  adminEmail: string;
}

const needsAdminEmail = (role: Role | null) => role !== null && role !== 'admin';

/** product-rules: Validation rules Login: role, email and password are required; non-admins also need the admin email. */
export function validateLogin(values: LoginValues): FormErrors {
  if (!values.role) {
    const rest = loginRequestSchema.safeParse(values);
    return {
      role: LOGIN_MESSAGES.roleRequired,
      ...(rest.success ? {} : issuesToFormErrors(rest.error.issues)),
    };
  }
  const result = needsAdminEmail(values.role)
    ? loginOthersRequestSchema.safeParse(values)
    : loginRequestSchema.safeParse(values);
  return result.success ? {} : issuesToFormErrors(result.error.issues);
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: {
      role: 'admin',
      email: readEmailState(location.state),
      password: '',
      adminEmail: '',
    },
    validate: validateLogin,
  });

  const handleSubmit = (values: LoginValues) => {
    const role = values.role;
    if (!role) return;
    const email = values.email.trim().toLowerCase();
    setUnverifiedEmail(null);
    loginMutation.mutate(
      {
        role,
        email,
        password: values.password,
        adminEmail: values.adminEmail.trim().toLowerCase(),
      },
      {
        onSuccess: (answer) => {
          if (!answer?.token) {
            toast.error({ title: LOGIN_FAILED_TITLE, message: describeMissingToken(answer) });
            return;
          }
          setToken(answer.token);
          toast.success({ message: 'Login successful' });
          void navigate(paths.dashboard, { replace: true });
        },
        onError: (error) => {
          toast.error({ title: LOGIN_FAILED_TITLE, message: describeLoginError(error) });
          if (isUnverifiedLogin(error)) setUnverifiedEmail(email);
        },
      },
    );
  };

  const handleValidationFailure = (errors: FormErrors, values: LoginValues) => {
    if (errors.adminEmail && needsAdminEmail(values.role) && !values.adminEmail.trim()) {
      toast.error({
        title: 'Admin Email Required',
        message: 'Please enter the admin email for non-admin roles',
      });
    }
  };

  return (
    <>
      {loginMutation.isPending ? (
        <LoadingScreen overlay message={INSIGHTS_LOADING_MESSAGE} />
      ) : null}
      <form noValidate onSubmit={form.onSubmit(handleSubmit, handleValidationFailure)}>
        <Stack gap="md">
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            withAsterisk
            checkIconPosition="right"
            {...form.getInputProps('role')}
          />
          <EmailField {...form.getInputProps('email')} />
          <Stack gap={4}>
            <PasswordField purpose="current" {...form.getInputProps('password')} />
            <Anchor
              component={Link}
              to={paths.forgotPassword}
              state={{ email: form.values.email } satisfies EmailNavigationState}
              size="sm"
              ta="right"
            >
              Forgot password?
            </Anchor>
          </Stack>
          {needsAdminEmail(form.values.role) ? (
            <EmailField
              label="Admin Email"
              description="The email of your firm's admin account"
              placeholder="admin@company.com"
              autoComplete="off"
              {...form.getInputProps('adminEmail')}
            />
          ) : null}

          {unverifiedEmail ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconMailExclamation size={20} />}
              role="alert"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Your email address has not been verified yet.</Text>
                <Button
                  size="xs"
                  component={Link}
                  to={paths.verifyOtp}
                  state={{ email: unverifiedEmail } satisfies EmailNavigationState}
                >
                  Verify Email
                </Button>
              </Stack>
            </Alert>
          ) : null}

          <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
            Login
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to={paths.register} fw={600}>
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
