import { STORAGE_KEYS, type User } from '@behavio/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBookSummary, buildDataInsights, buildUnlockResponse } from '@/testing/billing-data';
import { TEST_TOKEN, buildUser, checkUserReply } from '@/testing/data';
import { mockApi, type Handler, type Reply } from '@/testing/mock-api';
import { findToastWith, renderApp } from '@/testing/test-utils';

const LOAD = { timeout: 10_000 };

/** The API with a user whose credits the unlock changes, as the server's would. */
function creditsApi(overrides: Partial<User> = {}, extra: Record<string, Handler> = {}) {
  const account = buildUser(overrides);
  const api = mockApi({
    'GET /api/auth/check-user': () => checkUserReply(account),
    'GET /api/free/freeRoute1': () => {
      account.credits -= 10;
      return { body: buildUnlockResponse(buildBookSummary(), account.credits) };
    },
    'GET /api/free/freeRoute2': () => {
      account.credits -= 10;
      return { body: buildUnlockResponse(buildDataInsights(), account.credits) };
    },
    ...extra,
  });
  return { api, account };
}

async function openPremium() {
  const view = renderApp('/premium', { token: TEST_TOKEN });
  await screen.findByRole('heading', { name: 'Unlock Premium Features' }, LOAD);
  return view;
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const balance = () => screen.getByTestId('credit-balance');
const unlockCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((call) => call.path.startsWith('/api/free/'));

describe('Unlock Premium Features: banner and cards', () => {
  it('shows the balance and the two locked cards at 10 credits each, calling nothing', async () => {
    const { api } = creditsApi({ credits: 100 });
    await openPremium();

    expect(balance()).toHaveTextContent('100');
    for (const name of ['Premium Feature Access', 'Advanced Data Insights']) {
      expect(card(name).getByText('10 credits')).toBeInTheDocument();
      expect(card(name).getByRole('button', { name: 'Unlock Feature' })).toBeEnabled();
      expect(card(name).queryByText('Feature Unlocked!')).not.toBeInTheDocument();
    }
    // The unlock call debits credits: never made on its own.
    expect(unlockCalls(api)).toHaveLength(0);
  });

  it("explains credits in a dialog that 'Got it' closes", async () => {
    creditsApi();
    const { user } = await openPremium();

    await user.click(screen.getByRole('button', { name: 'Learn How Credits Work' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'How Credits Work' }));
    expect(dialog.getByText('Unlocking a premium feature costs 10 credits.')).toBeInTheDocument();
    expect(dialog.getByText('Every new account starts with 100 free credits.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Unlock Premium Features: the unlock flow', () => {
  it.each([0, 5])(
    "with %i credits shows 'No Credits Left' and goes to /subscription",
    async (credits) => {
      const { api } = creditsApi({ credits });
      const { user, router } = await openPremium();

      await user.click(
        card('Premium Feature Access').getByRole('button', { name: 'Unlock Feature' }),
      );
      await findToastWith(
        'No Credits Left',
        'You have run out of credits. Please subscribe to continue.',
      );
      await screen.findByRole('heading', { name: 'Subscription' }, LOAD);
      expect(router.state.location.pathname).toBe('/subscription');
      expect(unlockCalls(api)).toHaveLength(0);
    },
  );

  it('asks to confirm with the cost and balance, and disables Confirm below 10 credits', async () => {
    const { api } = creditsApi({ credits: 9 });
    const { user } = await openPremium();

    await user.click(
      card('Advanced Data Insights').getByRole('button', { name: 'Unlock Feature' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Unlock' }));
    expect(dialog.getByText('Cost').nextElementSibling).toHaveTextContent('10 credits');
    expect(dialog.getByText('Your balance').nextElementSibling).toHaveTextContent('9 credits');
    expect(dialog.getByRole('button', { name: 'Confirm Unlock' })).toBeDisabled();
    expect(
      dialog.getByText('You need at least 10 credits to unlock this feature.'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(unlockCalls(api)).toHaveLength(0);
  });

  it("shows 'Unlocking...', then the feature with its data and the new balance", async () => {
    let answer: (reply: Reply) => void = () => {};
    const { api, account } = creditsApi(
      { credits: 100 },
      {
        'GET /api/free/freeRoute2': () =>
          new Promise<Reply>((resolve) => {
            answer = resolve;
          }),
      },
    );
    const { user } = await openPremium();

    await user.click(
      card('Advanced Data Insights').getByRole('button', { name: 'Unlock Feature' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Unlock' }));
    expect(dialog.getByText('Your balance').nextElementSibling).toHaveTextContent('100 credits');
    await user.click(dialog.getByRole('button', { name: 'Confirm Unlock' }));

    const unlocking = await dialog.findByRole('button', { name: 'Unlocking...' });
    expect(unlocking).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    account.credits = 90;
    answer({ body: buildUnlockResponse(buildDataInsights({ userId: 'user-1' }), 90) });

    await findToastWith('Feature unlocked', '90 credits left.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(balance()).toHaveTextContent('90');

    const unlocked = card('Advanced Data Insights');
    expect(unlocked.getByText('Feature Unlocked!')).toBeInTheDocument();
    expect(unlocked.getByText('Feature Data')).toBeInTheDocument();
    expect(unlocked.getByText('user-1')).toBeInTheDocument();
    // The real content: bias prevalence and the top customers.
    expect(unlocked.getByText('Loss Aversion')).toBeInTheDocument();
    expect(unlocked.getByText('55%')).toBeInTheDocument();
    expect(unlocked.getByText('CUST-007')).toBeInTheDocument();
    expect(
      unlocked.getByText('Call to review the concentrated stock position'),
    ).toBeInTheDocument();
    expect(unlocked.getByText('Not assigned')).toBeInTheDocument();
    expect(unlocked.queryByRole('button', { name: 'Unlock Feature' })).not.toBeInTheDocument();
    // The other card stays locked.
    expect(
      card('Premium Feature Access').getByRole('button', { name: 'Unlock Feature' }),
    ).toBeInTheDocument();
    expect(unlockCalls(api)).toHaveLength(1);
    // Kept in the session store under the spec's keys.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.unlockedFeatures) ?? '{}')).toEqual({
      freeRoute2: true,
    });
  });

  it('shows the book summary of Premium Feature Access', async () => {
    creditsApi({ credits: 40 });
    const { user } = await openPremium();
    await user.click(
      card('Premium Feature Access').getByRole('button', { name: 'Unlock Feature' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Unlock' }),
    );
    const unlocked = card('Premium Feature Access');
    expect(await unlocked.findByText('Feature Unlocked!')).toBeInTheDocument();
    expect(unlocked.getByText('Customers').nextElementSibling).toHaveTextContent('20');
    expect(unlocked.getByText('Unassigned').nextElementSibling).toHaveTextContent('8');
    expect(unlocked.getByText('Avg priority').nextElementSibling).toHaveTextContent('5.4');
    expect(unlocked.getByText('Herd Followers')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('30');
  });

  it("turns a 421 into 'Not enough credits to unlock this feature.' and shows the balance", async () => {
    creditsApi(
      { credits: 12 },
      {
        'GET /api/free/freeRoute1': {
          status: 421,
          body: { message: 'Not enough credits to unlock this feature.', remainingCredits: 2 },
        },
      },
    );
    const { user } = await openPremium();
    await user.click(
      card('Premium Feature Access').getByRole('button', { name: 'Unlock Feature' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Unlock' }),
    );

    await findToastWith('Error', 'Not enough credits to unlock this feature.');
    expect(balance()).toHaveTextContent('2');
    expect(
      card('Premium Feature Access').getByRole('button', { name: 'Unlock Feature' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Feature Unlocked!')).not.toBeInTheDocument();
  });

  it('falls back to the spec message when the server gives none', async () => {
    creditsApi({ credits: 50 }, { 'GET /api/free/freeRoute1': 'network-error' });
    const { user } = await openPremium();
    await user.click(
      card('Premium Feature Access').getByRole('button', { name: 'Unlock Feature' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Unlock' }),
    );
    await findToastWith('Error', 'Failed to unlock feature. Not enough credits.');
  });
});

describe('Unlock Premium Features: the session store', () => {
  it('restores an unlocked card and its data on return, without a new call', async () => {
    localStorage.setItem(STORAGE_KEYS.unlockedFeatures, JSON.stringify({ freeRoute1: true }));
    localStorage.setItem(
      STORAGE_KEYS.featureDataCache,
      JSON.stringify({ freeRoute1: buildBookSummary({ userId: 'user-1' }) }),
    );
    const { api } = creditsApi({ credits: 90 });
    await openPremium();

    const restored = card('Premium Feature Access');
    expect(restored.getByText('Feature Unlocked!')).toBeInTheDocument();
    expect(restored.getByText('user-1')).toBeInTheDocument();
    expect(restored.getByText('Risk levels')).toBeInTheDocument();
    expect(
      card('Advanced Data Insights').getByRole('button', { name: 'Unlock Feature' }),
    ).toBeInTheDocument();
    expect(unlockCalls(api)).toHaveLength(0);
  });

  it("does not show another account's cached data", async () => {
    localStorage.setItem(STORAGE_KEYS.unlockedFeatures, JSON.stringify({ freeRoute1: true }));
    localStorage.setItem(
      STORAGE_KEYS.featureDataCache,
      JSON.stringify({ freeRoute1: buildBookSummary({ userId: 'someone-else' }) }),
    );
    creditsApi({ credits: 90 });
    await openPremium();
    expect(screen.queryByText('Feature Unlocked!')).not.toBeInTheDocument();
    expect(screen.queryByText('someone-else')).not.toBeInTheDocument();
  });
});

describe('Unlock Premium Features on a paid plan', () => {
  it('opens the paid screen instead, so no credit is spent on what the plan includes', async () => {
    const { api } = creditsApi({ subscription: 'pro' });
    renderApp('/premium', { token: TEST_TOKEN });
    expect(
      await screen.findByText('You have full access to all premium features.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock Feature' })).not.toBeInTheDocument();
    expect(unlockCalls(api)).toEqual([]);
  });
});
