import { API_KEY_MESSAGES, type ApiKey, type CreateApiKeyResponse } from '@behavio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findNotification, renderComponent } from '@/testing/render-component';
import { DESKTOP_WIDTH, mockViewport } from '@/testing/viewport';
import { ApiKeysPage, SECRET_WARNING } from '../components/api-keys-page';

const LIST = 'GET /api/keys';
const SECRET = `bhv_${'s3cr3t'.repeat(7)}x`;

const keys: ApiKey[] = [
  {
    key_id: '00000000-0000-4000-8000-000000000001',
    name: 'CRM nightly',
    prefix: 'bhv_AbCdEfGh',
    created_at: '2026-11-20T09:00:00.000Z',
    created_by: { user_id: 'u1', name: 'Ada Admin', email: 'ada@example.com' },
    last_used_at: '2026-11-26T06:00:00.000Z',
    revoked_at: null,
  },
  {
    key_id: '00000000-0000-4000-8000-000000000002',
    name: 'Old warehouse',
    prefix: 'bhv_ZyXwVuTs',
    created_at: '2026-10-01T09:00:00.000Z',
    created_by: null,
    last_used_at: null,
    revoked_at: '2026-11-01T09:00:00.000Z',
  },
];

const created: CreateApiKeyResponse = {
  message: API_KEY_MESSAGES.created,
  key_id: '00000000-0000-4000-8000-000000000003',
  name: 'Core banking',
  key: SECRET,
  prefix: SECRET.slice(0, 12),
  created_at: '2026-11-26T10:00:00.000Z',
};

function open(routes: Record<string, Handler> = {}) {
  const api = mockApi({ [LIST]: { body: { keys } }, ...routes });
  const view = renderComponent(<ApiKeysPage />, {
    user: buildUser({ role: 'admin', subscription: 'pro' }),
  });
  return { ...view, api };
}

describe('API keys', () => {
  beforeEach(() => mockViewport(DESKTOP_WIDTH));

  it('lists each key with its prefix, creator, last use and status, and no secret', async () => {
    open();
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    const active = table.getByRole('row', { name: /CRM nightly/ });
    expect(active).toHaveTextContent('bhv_AbCdEfGh…');
    expect(active).toHaveTextContent('by Ada Admin');
    expect(active).toHaveTextContent('Active');
    expect(within(active).getByRole('button', { name: 'Revoke CRM nightly' })).toBeVisible();
    const revoked = table.getByRole('row', { name: /Old warehouse/ });
    expect(revoked).toHaveTextContent('Never');
    expect(revoked).toHaveTextContent(/Revoked/);
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says when there is no key yet', async () => {
    open({ [LIST]: { body: { keys: [] } } });
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with a warning and a copy button', async () => {
    let listed = keys;
    const { api, user } = open({
      [LIST]: () => ({ body: { keys: listed } }),
      'POST /api/keys': () => {
        listed = [{ ...keys[0]!, key_id: created.key_id, name: created.name }, ...keys];
        return { status: 201, body: created };
      },
    });
    await screen.findByRole('table', { name: 'API keys' });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Core banking ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Your new API key' }));
    expect(api.callsTo('POST', '/api/keys')[0]!.body).toEqual({ name: 'Core banking' });
    expect(dialog.getByText(SECRET)).toBeInTheDocument();
    expect(dialog.getByText(SECRET_WARNING)).toBeInTheDocument();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(dialog.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await dialog.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your new API key' })).not.toBeInTheDocument(),
    );
    // Gone for good: the list shows the new key by its prefix only.
    expect(
      await within(screen.getByRole('table', { name: 'API keys' })).findByRole('row', {
        name: /Core banking/,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('asks for a name, and shows the server’s message when the name is taken', async () => {
    const { api, user } = open({
      'POST /api/keys': {
        status: 409,
        body: { message: API_KEY_MESSAGES.nameTaken, code: 'api_key_name_taken' },
      },
    });
    await screen.findByRole('table', { name: 'API keys' });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Enter a name for the key.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/keys')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'CRM nightly');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(API_KEY_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('revokes a key only after confirming', async () => {
    const { api, user } = open({
      [`DELETE /api/keys/${keys[0]!.key_id}`]: {
        body: {
          message: API_KEY_MESSAGES.revoked,
          key_id: keys[0]!.key_id,
          revoked_at: '2026-11-26T10:00:00.000Z',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke CRM nightly' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    expect(dialog.getByText(/Revoke CRM nightly\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/api/keys/${keys[0]!.key_id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revoke CRM nightly' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await findNotification(API_KEY_MESSAGES.revoked)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/keys/${keys[0]!.key_id}`)).toHaveLength(1);
  });
});
