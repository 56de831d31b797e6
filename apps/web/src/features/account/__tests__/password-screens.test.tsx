import { PASSWORD_MESSAGES, STORAGE_KEYS } from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiKeysQueryKey } from '@/lib/query-keys';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

// The first renders load the lazy auth routes, slow on a busy machine.
describe('Forgot password', { timeout: 60_000 }, () => {
  it('is linked from the login screen, carrying the email typed there', async () => {
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ada@firm.example');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(input(/^Email/)).toHaveValue('ada@firm.example');
  });

  it('asks for a code and goes on to the reset form with the email and admin email', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': { body: { message: PASSWORD_MESSAGES.resetCodeSent } },
    });
    const { user, router } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.type(input(/^Email/), 'Sam@Firm.example');
    await user.type(input(/^Admin Email/), 'ada@firm.example');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    expect(await findToastWith('Check your email', PASSWORD_MESSAGES.resetCodeSent)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]!.body).toEqual({
      email: 'sam@firm.example',
      adminEmail: 'ada@firm.example',
    });
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(input(/^Email/)).toHaveValue('sam@firm.example');
    expect(input(/^Admin Email/)).toHaveValue('ada@firm.example');
  });

  it('leaves the admin email out for an admin, and checks the email first', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': { body: { message: PASSWORD_MESSAGES.resetCodeSent } },
    });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.type(input(/^Email/), 'ada@firm.example');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/forgot-password')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]!.body).toEqual({
      email: 'ada@firm.example',
    });
  });
});

describe('Reset password', () => {
  const open = () =>
    renderApp('/reset-password', { state: { email: 'ada@firm.example', adminEmail: '' } });

  it('resets with the code and the new password, then goes to login', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password': { body: { message: PASSWORD_MESSAGES.passwordReset } },
    });
    const { user, router } = open();
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(input(/^Reset Code/), '12a34 56');
    expect(input(/^Reset Code/)).toHaveValue('123456');
    await user.type(input(/^New Password/), 'brand new');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await findToastWith('Password reset', PASSWORD_MESSAGES.passwordReset)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]!.body).toEqual({
      email: 'ada@firm.example',
      otp: '123456',
      password: 'brand new',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('holds the register rules and shows what the server says about the code', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { message: 'Invalid OTP. Please try again.' },
      },
    });
    const { user, router } = open();
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(input(/^Reset Code/), '123');
    await user.type(input(/^New Password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(input(/^Reset Code/), '456');
    await user.type(input(/^New Password/), '6');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await findToastWith('Reset failed', 'Invalid OTP. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});

describe('Change password in Settings', () => {
  const openSettings = (role: 'admin' | 'rm' | 'view', routes = {}) => {
    const api = mockApi({
      'GET /api/auth/check-user': checkUserReply(buildUser({ role, subscription: 'free' })),
      ...routes,
    });
    return { ...renderApp('/settings', { token: TEST_TOKEN }), api };
  };
  const section = async () =>
    within(await screen.findByRole('region', { name: 'Change password' }, { timeout: 5000 }));

  it.each(['admin', 'rm', 'view'] as const)('is there for %s', async (role) => {
    openSettings(role);
    const form = await section();
    expect(form.getByLabelText(/^Current Password/)).toBeInTheDocument();
  });

  it('changes the password and keeps this session with the new token', async () => {
    const { user, api } = openSettings('rm', {
      'POST /api/auth/change-password': {
        body: {
          token: 'the-new-token',
          message: PASSWORD_MESSAGES.passwordChanged,
          revokedApiKeys: [],
        },
      },
    });
    const form = await section();
    await user.type(form.getByLabelText(/^Current Password/), 'set by admin');
    await user.type(form.getByLabelText(/^New Password/), 'my own secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await findToastWith('Password changed', PASSWORD_MESSAGES.passwordChanged)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/change-password')[0]!.body).toEqual({
      currentPassword: 'set by admin',
      newPassword: 'my own secret',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('the-new-token');
    expect(form.getByLabelText(/^Current Password/)).toHaveValue('');
  });

  it("tells the admin which API keys the change revoked, and reloads the keys' list", async () => {
    const message = `${PASSWORD_MESSAGES.passwordChanged} ${PASSWORD_MESSAGES.apiKeysRevoked} Revoked: "CRM nightly".`;
    const { user, queryClient } = openSettings('admin', {
      'POST /api/auth/change-password': {
        body: {
          token: 'the-new-token',
          message,
          revokedApiKeys: [
            {
              key_id: '00000000-0000-4000-8000-000000000001',
              name: 'CRM nightly',
              prefix: 'bhv_AbCdEfGh',
            },
          ],
        },
      },
    });
    queryClient.setQueryData(apiKeysQueryKey, { keys: [] });
    const form = await section();
    await user.type(form.getByLabelText(/^Current Password/), 'the old one');
    await user.type(form.getByLabelText(/^New Password/), 'the new one');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await findToastWith('Password changed', message)).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(apiKeysQueryKey)?.isInvalidated).toBe(true),
    );
  });

  it('shows a wrong current password on its field and keeps the token', async () => {
    const { user } = openSettings('admin', {
      'POST /api/auth/change-password': {
        status: 400,
        body: {
          message: PASSWORD_MESSAGES.currentPasswordWrong,
          errors: [{ path: 'currentPassword', msg: PASSWORD_MESSAGES.currentPasswordWrong }],
        },
      },
    });
    const form = await section();
    await user.type(form.getByLabelText(/^Current Password/), 'not it');
    await user.type(form.getByLabelText(/^New Password/), 'whatever1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(PASSWORD_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(TEST_TOKEN);
  });
});
