import { STORAGE_KEYS } from '@behavio/contract';
import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, checkUserReply } from '@/testing/data';
import { mockApi, pendingReply } from '@/testing/mock-api';
import { findToast, renderApp } from '@/testing/test-utils';

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome back' });
  return view;
}

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
}

const submit = () => screen.getByRole('button', { name: 'Login' });

async function chooseRole(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(screen.getByRole('textbox', { name: /Role/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Login form validation (product-rules: Validation rules)', () => {
  it('requires email and password, and hides Admin Email for admins', async () => {
    const api = mockApi({});
    const { user } = await openLogin();
    expect(screen.getByRole('textbox', { name: /Role/ })).toHaveValue('Admin');
    expect(screen.queryByLabelText('Admin Email', { exact: false })).not.toBeInTheDocument();

    await user.click(submit());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('asks non-admin roles for the admin email, with its toast', async () => {
    const api = mockApi({});
    const { user } = await openLogin();
    await chooseRole(user, 'Compliance');
    expect(field('Admin Email')).toBeInTheDocument();

    await user.type(field('Email'), 'carol@firm.example');
    await user.type(field('Password'), 'secret1');
    await user.click(submit());

    expect(await findToast('Admin Email Required')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter the admin email for non-admin roles'),
    ).toBeInTheDocument();
    expect(screen.getByText('Admin email is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('Login submission', () => {
  it('signs an admin in through /auth/login and opens the dashboard', async () => {
    const api = mockApi({
      'POST /api/auth/login': {
        status: 200,
        body: { token: 'tok-1', message: 'Login successful' },
      },
      'GET /api/auth/check-user': checkUserReply(buildUser()),
    });
    const { user, router } = await openLogin();
    await user.type(field('Email'), ' Ada@Firm.example ');
    await user.type(field('Password'), 'secret1');
    await user.click(submit());

    expect(await findToast('Login successful')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'ada@firm.example',
      password: 'secret1',
    });
    expect(api.callsTo('GET', '/api/auth/check-user')[0]?.headers.authorization).toBe(
      'Bearer tok-1',
    );
  });

  it('signs other roles in through /auth/login-others with the admin email', async () => {
    const api = mockApi({
      'POST /api/auth/login-others': { status: 200, body: { token: 'tok-2', message: 'ok' } },
      'GET /api/auth/check-user': checkUserReply(buildUser({ role: 'rm' })),
    });
    const { user } = await openLogin();
    await chooseRole(user, 'RM (Relationship Manager)');
    await user.type(field('Email'), 'rita@firm.example');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Admin Email'), 'ada@firm.example');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/login-others')[0]?.body).toEqual({
      role: 'rm',
      email: 'rita@firm.example',
      password: 'secret1',
      adminEmail: 'ada@firm.example',
    });
  });

  it('shows the loading screen while signing in', async () => {
    mockApi({ 'POST /api/auth/login': pendingReply });
    const { user } = await openLogin();
    await user.type(field('Email'), 'ada@firm.example');
    await user.type(field('Password'), 'secret1');
    await user.click(submit());
    expect(await screen.findByText('Preparing your personalized insights...')).toBeInTheDocument();
  });

  it.each([
    ['a 401', { status: 401, body: { message: 'Invalid credentials' } }, 'Invalid credentials'],
    ['a 200 without a token', { status: 200, body: {} }, 'Invalid credentials'],
    [
      'a 200 without a token but with a message',
      { status: 200, body: { message: 'Account locked' } },
      'Account locked',
    ],
    ['a server error', { status: 500, body: {} }, 'Something went wrong. Please try again.'],
    [
      'no connection',
      'network-error' as const,
      'Unable to connect to server. Please check your connection.',
    ],
  ])('shows "Login failed" for %s', async (_case, reply, text) => {
    mockApi({ 'POST /api/auth/login': reply });
    const { user, router } = await openLogin();
    await user.type(field('Email'), 'ada@firm.example');
    await user.type(field('Password'), 'secret1');
    await user.click(submit());

    expect(await findToast('Login failed')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('answers at once while the browser is offline, and gives the form back', async () => {
    mockApi({ 'POST /api/auth/login': 'network-error' });
    onlineManager.setOnline(false);
    try {
      const { user } = await openLogin();
      await user.type(field('Email'), 'ada@firm.example');
      await user.type(field('Password'), 'secret1');
      await user.click(submit());

      expect(
        await findToast('Unable to connect to server. Please check your connection.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Preparing your personalized insights...')).not.toBeInTheDocument();
      expect(submit()).toBeEnabled();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('offers verification for an unverified account (403)', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 403,
        body: {
          message: 'Email not verified. Please verify your email with the code we sent.',
          code: 'email_not_verified',
        },
      },
    });
    const { user, router } = await openLogin();
    await user.type(field('Email'), 'ada@firm.example');
    await user.type(field('Password'), 'secret1');
    await user.click(submit());

    expect(
      await findToast('Email not verified. Please verify your email with the code we sent.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Verify Email' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
    expect(field('Email')).toHaveValue('ada@firm.example');
  });
});
