import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { findToast, renderApp } from '@/testing/test-utils';

async function openVerify(email?: string) {
  const view = renderApp('/verify-otp', { state: email ? { email } : undefined });
  await screen.findByRole('heading', { name: 'Verify your email' });
  return view;
}

const emailField = () => screen.getByLabelText(/^Email/, { selector: 'input' });
const codeField = () => screen.getByLabelText(/^Verification Code/, { selector: 'input' });

describe('Verify Email screen', () => {
  it('prefills the email from the navigation state and shows the spam hint', async () => {
    await openVerify('jane@firm.example');
    expect(emailField()).toHaveValue('jane@firm.example');
    expect(screen.getByText(/check your spam/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Register/ })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('keeps digits only, at most six, centred', async () => {
    const { user } = await openVerify('jane@firm.example');
    await user.type(codeField(), 'a1b2-c3 d4e5f6g7');
    expect(codeField()).toHaveValue('123456');
    expect(codeField()).toHaveStyle({ textAlign: 'center' });
  });

  it('asks for six digits', async () => {
    const api = mockApi({});
    const { user } = await openVerify('jane@firm.example');
    await user.type(codeField(), '123');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('requires the email for Verify and for Resend, with the toast', async () => {
    const api = mockApi({});
    const { user } = await openVerify();
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await findToast('Email required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findAllByText('Please enter your email address')).not.toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });

  it('verifies and continues to /login', async () => {
    const api = mockApi({
      'POST /api/auth/verify': { status: 200, body: { message: 'Email verified' } },
    });
    const { user, router } = await openVerify('jane@firm.example');
    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));

    expect(await findToast('Verification successful')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('POST', '/api/auth/verify')[0]?.body).toEqual({
      email: 'jane@firm.example',
      otp: '654321',
    });
  });

  it('shows the server message or the fallback when verification fails', async () => {
    mockApi({ 'POST /api/auth/verify': { status: 400, body: {} } });
    const { user, router } = await openVerify('jane@firm.example');
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await findToast('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid OTP. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
  });

  it('resends the code', async () => {
    const api = mockApi({
      'POST /api/auth/resend-otp': { status: 200, body: { message: 'A new code is on its way.' } },
    });
    const { user } = await openVerify('jane@firm.example');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await findToast('OTP Resent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/resend-otp')).toHaveLength(1);
  });

  it.each([
    [{ status: 500, body: {} }, 'Failed to resend OTP. Please try again.'],
    [
      { status: 429, body: { message: 'Please wait a minute before requesting another code.' } },
      'Please wait a minute before requesting another code.',
    ],
  ])('shows "Resend failed" with the message', async (reply, text) => {
    mockApi({ 'POST /api/auth/resend-otp': reply });
    const { user } = await openVerify('jane@firm.example');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await findToast('Resend failed')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
