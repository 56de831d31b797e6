import { NOTE_MESSAGES, type Note } from '@behavio/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCustomerPage } from '@/testing/customer-page-data';
import { mockApi, type Handler } from '@/testing/mock-api';
import { findNotification, renderComponent } from '@/testing/render-component';
import { buildRmUser } from '@/testing/rm-data';
import { CustomerPage } from '../components/customer-page';

/** Notes on the customer page (issue 20, item 7): write one, and edit one's own for a day. */
const PAGE = '/api/content/customer/C-10001';
const NOTES = `${PAGE}/notes`;
const inADay = () => new Date(Date.now() + 3_600_000).toISOString();

const note = (overrides: Partial<Note>): Note => ({
  id: '22222222-2222-4222-8222-222222222222',
  body: 'A note',
  author_id: 'rm-1',
  author_name: 'Rita Manager',
  created_at: '2025-03-13T09:00:00.000Z',
  updated_at: null,
  editable_until: inADay(),
  ...overrides,
});

const saved = (body: string) => ({
  status: 201,
  body: { message: NOTE_MESSAGES.saved, note: note({ body }) },
});

function renderPage(notes: Note[], routes: Record<string, Handler> = {}) {
  const api = mockApi({
    [`GET ${PAGE}`]: { status: 200, body: buildCustomerPage({ notes }) },
    ...routes,
  });
  const view = renderComponent(<CustomerPage customerId="C-10001" />, {
    user: buildRmUser({ id: 'rm-1' }),
  });
  return { api, ...view };
}

const timeline = () => screen.findByRole('list', { name: 'Timeline, newest first' });

describe('Notes on the customer page', () => {
  it('adds a note, trimmed, says "Note saved" and reads the page again', async () => {
    const { api, user } = renderPage([], { [`POST ${NOTES}`]: saved('Call after 4pm') });
    await timeline();
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), '  Call after 4pm  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await findNotification(NOTE_MESSAGES.saved);
    expect(api.callsTo('POST', NOTES).map((call) => call.body)).toEqual([
      { body: 'Call after 4pm' },
    ]);
    expect(api.callsTo('GET', PAGE)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
  });

  it('asks for the text before posting a blank note', async () => {
    const { api, user } = renderPage([]);
    await timeline();
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(NOTE_MESSAGES.required)).toBeInTheDocument();
    expect(api.callsTo('POST', NOTES)).toHaveLength(0);
  });

  it('offers Edit on the signed-in user’s own note within its day only, and saves the edit', async () => {
    const mine = note({ id: '33333333-3333-4333-8333-333333333333', body: 'Mine' });
    const others = note({ body: 'The admin’s', author_id: 'admin-1', author_name: 'Ada Admin' });
    const old = note({
      id: '44444444-4444-4444-8444-444444444444',
      body: 'Old one',
      editable_until: '2025-03-14T09:00:00.000Z',
    });
    const { api, user } = renderPage([mine, others, old], {
      [`PUT ${NOTES}/${mine.id}`]: {
        status: 200,
        body: { message: NOTE_MESSAGES.updated, note: { ...mine, body: 'Mine, edited' } },
      },
    });
    const items = within(await timeline()).getAllByRole('listitem');
    const itemWith = (text: string) => items.find((item) => item.textContent?.includes(text))!;
    expect(within(itemWith('The admin’s')).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(itemWith('Old one')).queryByRole('button', { name: /^Edit/ })).toBeNull();

    await user.click(within(itemWith('Mine')).getByRole('button', { name: /^Edit/ }));
    const box = screen.getByRole('textbox', { name: 'Edit note' });
    expect(box).toHaveValue('Mine');
    await user.clear(box);
    await user.type(box, 'Mine, edited');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findNotification(NOTE_MESSAGES.updated);
    expect(api.callsTo('PUT', `${NOTES}/${mine.id}`).map((call) => call.body)).toEqual([
      { body: 'Mine, edited' },
    ]);
  });

  it('shows the server’s message when an edit is refused', async () => {
    const mine = note({ body: 'Mine' });
    const { user } = renderPage([mine], {
      [`PUT ${NOTES}/${mine.id}`]: {
        status: 409,
        body: { message: NOTE_MESSAGES.editWindowClosed, code: 'note_edit_window_closed' },
      },
    });
    await timeline();
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    await user.type(screen.getByRole('textbox', { name: 'Edit note' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await findNotification('Could not save the note');
    expect(toast).toHaveTextContent(NOTE_MESSAGES.editWindowClosed);
  });
});
