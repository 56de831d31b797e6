import { TOAST_MS } from '@behavio/contract';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { findToast, renderApp } from '@/testing/test-utils';

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { name: 'Join Behavio' });
  return view;
}

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
}

async function fillValid(user: ReturnType<typeof renderApp>['user']) {
  await user.type(field('Full Name'), '  Jane Doe  ');
  await user.type(field('Email'), ' Jane@Firm.example ');
  await user.type(field('Password'), 'secret1');
}

const submit = () => screen.getByRole('button', { name: 'Create Account' });

describe('Register form validation (product-rules: Validation rules)', () => {
  it('shows the required messages and the "Please fix form errors" toast', async () => {
    const api = mockApi({});
    const { user } = await openRegister();
    await user.click(submit());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(await findToast('Please fix form errors')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('trims the name before the 2-character minimum', async () => {
    mockApi({});
    const { user } = await openRegister();
    await user.type(field('Full Name'), '  a  ');
    await user.click(submit());
    expect(await screen.findByText('Name must be at least 2 characters long')).toBeInTheDocument();

    await user.clear(field('Full Name'));
    await user.type(field('Full Name'), '    ');
    await user.click(submit());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });

  it('checks the email address and the password length', async () => {
    mockApi({});
    const { user } = await openRegister();
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), '12345');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
  });

  it('limits the business name to 100 characters', async () => {
    mockApi({});
    const { user } = await openRegister();
    await user.type(field('Business Name'), 'x'.repeat(101));
    await user.click(submit());
    expect(await screen.findByText('Business name is too long')).toBeInTheDocument();
  });

  it('keeps the number of employees between 1 and 10,000, starting at 1', async () => {
    mockApi({});
    const { user } = await openRegister();
    const employees = field('Number of Employees');
    expect(employees).toHaveValue('1');

    await user.clear(employees);
    await user.type(employees, '10001');
    await user.click(submit());
    expect(
      await screen.findByText('Number of employees must be between 1 and 10,000'),
    ).toBeInTheDocument();

    await user.clear(employees);
    await user.type(employees, '0');
    await user.click(submit());
    expect(
      await screen.findByText('Number of employees must be between 1 and 10,000'),
    ).toBeInTheDocument();
  });

  it('falls back to 1 when the number of employees is left empty', async () => {
    mockApi({});
    const { user } = await openRegister();
    const employees = field('Number of Employees');
    await user.clear(employees);
    await user.tab();
    expect(employees).toHaveValue('1');
  });
});

describe('Register submission', () => {
  it('sends the cleaned form, toasts and continues to /verify-otp with the email', async () => {
    const api = mockApi({
      'POST /api/auth/register': { status: 201, body: { message: 'OTP sent to your email' } },
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await user.type(field('Business Name'), ' Doe Capital ');
    await user.clear(field('Number of Employees'));
    await user.type(field('Number of Employees'), '25');
    await user.click(submit());

    expect(await findToast('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('OTP sent to your email')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
    expect(field('Email')).toHaveValue('jane@firm.example');
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      name: 'Jane Doe',
      email: 'jane@firm.example',
      password: 'secret1',
      businessName: 'Doe Capital',
      numberOfEmployees: 25,
    });
  });

  it('offers only login for an already registered, verified email (it has no code to resend)', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          message: 'Email already registered. Please login to your account.',
          code: 'email_registered',
        },
      },
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Email already registered. Please login to your account.'),
    ).toBeInTheDocument();
    expect(
      within(alert).queryByRole('button', { name: 'Resend Verification Code' }),
    ).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Go to Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('for an unverified email, "Resend Verification Code" sends a code and opens /verify-otp', async () => {
    const api = mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          message:
            'Email already registered but not verified. You can resend the OTP to verify your email.',
          code: 'email_registered_unverified',
        },
      },
      'POST /api/auth/resend-otp': { status: 200, body: { message: 'A new code is on its way.' } },
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'Email already registered but not verified. Please verify your email to continue.',
      ),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Resend Verification Code' }));

    expect(await findToast('OTP Resent')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
    expect(field('Email')).toHaveValue('jane@firm.example');
    expect(api.callsTo('POST', '/api/auth/resend-otp')[0]?.body).toEqual({
      email: 'jane@firm.example',
    });
  });

  it('still opens /verify-otp when the resend is refused with 429', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          message: 'Email already registered but not verified. Resend the OTP.',
          code: 'email_registered_unverified',
        },
      },
      'POST /api/auth/resend-otp': {
        status: 429,
        body: { message: 'Please wait a minute before requesting another code.' },
      },
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Code' }));

    expect(await findToast('Resend failed')).toBeInTheDocument();
    expect(
      screen.getByText('Please wait a minute before requesting another code.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
  });

  it('turns to login when the resend finds the email verified meanwhile, and stays on register', async () => {
    const api = mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          message: 'Email already registered but not verified. Resend the OTP.',
          code: 'email_registered_unverified',
        },
      },
      'POST /api/auth/resend-otp': {
        status: 400,
        body: { message: 'Email is already verified. Please login.', code: 'already_verified' },
      },
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Code' }));

    const alert = await screen.findByText(
      'Email already registered. Please login to your account.',
    );
    expect(api.callsTo('POST', '/api/auth/resend-otp')).toHaveLength(1);
    const box = within(alert.closest('[role="alert"]') as HTMLElement);
    expect(box.queryByRole('button', { name: 'Resend Verification Code' })).not.toBeInTheDocument();
    expect(box.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.queryByText('Resend failed')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows the 429 warning for 5 seconds', async () => {
    mockApi({
      'POST /api/auth/register': { status: 429, body: { message: 'Slow down' } },
    });
    const show = vi.spyOn(notifications, 'show');
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(submit());

    expect(await findToast('Too many attempts')).toBeInTheDocument();
    expect(screen.getByText('Please wait a moment before trying again.')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Too many attempts',
        color: 'orange',
        autoClose: TOAST_MS.tooManyAttempts,
      }),
    );
  });

  it('puts server field errors on the fields', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          message: 'Please check your input and try again.',
          errors: [{ path: 'email', msg: 'This address cannot receive mail' }],
        },
      },
    });
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('This address cannot receive mail')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [409, {}, 'This email is already registered.'],
    [422, {}, 'Please check your input and try again.'],
    [500, { message: 'boom' }, 'Server is currently unavailable. Please try again later.'],
    [502, {}, 'Server is currently unavailable. Please try again later.'],
    [503, {}, 'Server is currently unavailable. Please try again later.'],
    [418, { message: 'I am a teapot' }, 'I am a teapot'],
  ])('maps a %i answer to its message', async (status, body, text) => {
    mockApi({ 'POST /api/auth/register': { status, body } });
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(submit());
    expect(await findToast(text)).toBeInTheDocument();
  });

  it('tells a network error apart', async () => {
    mockApi({ 'POST /api/auth/register': 'network-error' });
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(submit());
    expect(
      await findToast('Network error. Please check your internet connection and try again.'),
    ).toBeInTheDocument();
  });
});
