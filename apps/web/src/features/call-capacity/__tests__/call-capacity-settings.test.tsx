import { CALLS_PER_DAY_DEFAULT } from '@behavio/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '@/testing/mock-api';
import { findNotification, renderComponent } from '@/testing/render-component';
import { CALL_CAPACITY_TEXT, CallCapacitySettings } from '../components/call-capacity-settings';

/** The daily call capacity in Settings (issue 20, item 3). */
const GET = '/api/settings/call-capacity';
const FIRM = '/api/settings/firm-call-capacity';
const OWN = '/api/settings/my-call-capacity';

const capacity = (firm: number | null, own: number | null) => ({
  default_calls_per_day: CALLS_PER_DAY_DEFAULT,
  firm_calls_per_day: firm,
  own_calls_per_day: own,
  calls_per_day: own ?? firm ?? CALLS_PER_DAY_DEFAULT,
});

const echo = (own: boolean, firm: number | null) => (call: RecordedCall) => {
  const value = (call.body as { calls_per_day: number | null }).calls_per_day;
  return { status: 200, body: own ? capacity(firm, value) : capacity(value, null) };
};

describe('Calls per day', () => {
  it('lets the admin set the firm’s, starting from the default, and go back to it', async () => {
    const api = mockApi({
      [`GET ${GET}`]: { status: 200, body: capacity(null, null) },
      [`PUT ${FIRM}`]: echo(false, null),
    });
    const { user } = renderComponent(<CallCapacitySettings target="firm" />);
    const input = await screen.findByRole('textbox', { name: CALL_CAPACITY_TEXT.firmLabel });
    expect(input).toHaveValue(String(CALLS_PER_DAY_DEFAULT));
    expect(screen.queryByRole('button', { name: CALL_CAPACITY_TEXT.useDefault })).toBeNull();
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findNotification(CALL_CAPACITY_TEXT.saved);
    expect(
      screen.getByText("The firm's RMs get 12 a day unless they set their own."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CALL_CAPACITY_TEXT.useDefault }));
    expect(api.callsTo('PUT', FIRM).map((call) => call.body)).toEqual([
      { calls_per_day: 12 },
      { calls_per_day: null },
    ]);
  });

  it('lets an RM set their own and follow the firm again', async () => {
    const api = mockApi({
      [`GET ${GET}`]: { status: 200, body: capacity(15, null) },
      [`PUT ${OWN}`]: echo(true, 15),
    });
    const { user } = renderComponent(<CallCapacitySettings target="own" />);
    const input = await screen.findByRole('textbox', { name: CALL_CAPACITY_TEXT.ownLabel });
    expect(input).toHaveValue('');
    expect(screen.getByText("Your list holds 15 a day (the firm's: 15).")).toBeInTheDocument();
    await user.type(input, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("Your list holds 8 a day (the firm's: 15)."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CALL_CAPACITY_TEXT.followFirm }));
    expect(
      await screen.findByText("Your list holds 15 a day (the firm's: 15)."),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', OWN).map((call) => call.body)).toEqual([
      { calls_per_day: 8 },
      { calls_per_day: null },
    ]);
  });

  it('refuses a number out of range before sending it', async () => {
    const api = mockApi({ [`GET ${GET}`]: { status: 200, body: capacity(null, null) } });
    const { user } = renderComponent(<CallCapacitySettings target="firm" />);
    const input = await screen.findByRole('textbox', { name: CALL_CAPACITY_TEXT.firmLabel });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Calls per day must be a whole number from 1 to 200'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', FIRM)).toHaveLength(0);
  });
});
