import { PREFERENCES_MESSAGES } from '@behavio/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '@/testing/mock-api';
import { findNotification, renderComponent } from '@/testing/render-component';
import { ALERT_DIGEST_TEXT, AlertDigestSetting } from '../components/alert-digest-setting';

/** The daily digest of unread alerts in Settings (issue 19, item 4). */
const PATH = '/api/auth/preferences';

const echo = (call: RecordedCall) => ({ status: 200, body: call.body });

describe('Email notifications', () => {
  it('shows the digest on by default and turns it off and on again, saying so', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: { status: 200, body: { alert_digest: 'daily' } },
      [`PUT ${PATH}`]: echo,
    });
    const { user } = renderComponent(<AlertDigestSetting />);
    const toggle = await screen.findByRole('switch', {
      name: PREFERENCES_MESSAGES.alertDigestLabel,
    });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(ALERT_DIGEST_TEXT.description);

    await user.click(toggle);
    await findNotification(ALERT_DIGEST_TEXT.turnedOff);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await findNotification(ALERT_DIGEST_TEXT.turnedOn);
    expect(toggle).toBeChecked();
    expect(api.callsTo('PUT', PATH).map((call) => call.body)).toEqual([
      { alert_digest: 'off' },
      { alert_digest: 'daily' },
    ]);
  });

  it('shows an off digest as off', async () => {
    mockApi({ [`GET ${PATH}`]: { status: 200, body: { alert_digest: 'off' } } });
    renderComponent(<AlertDigestSetting />);
    expect(
      await screen.findByRole('switch', { name: PREFERENCES_MESSAGES.alertDigestLabel }),
    ).not.toBeChecked();
  });

  it('puts the switch back and says why when the save fails', async () => {
    mockApi({
      [`GET ${PATH}`]: { status: 200, body: { alert_digest: 'daily' } },
      [`PUT ${PATH}`]: {
        status: 500,
        body: { message: 'Internal server error', code: 'internal' },
      },
    });
    const { user } = renderComponent(<AlertDigestSetting />);
    const toggle = await screen.findByRole('switch', {
      name: PREFERENCES_MESSAGES.alertDigestLabel,
    });
    await user.click(toggle);
    await findNotification(ALERT_DIGEST_TEXT.failed);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();
  });

  it('says when the preference cannot be loaded, with a retry', async () => {
    mockApi({ [`GET ${PATH}`]: { status: 500, body: { message: 'Internal server error' } } });
    renderComponent(<AlertDigestSetting />);
    expect(await screen.findByText(ALERT_DIGEST_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
