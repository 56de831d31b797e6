import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '@/testing/render-component';
import { ConfirmUnlockModal } from '../components/confirm-unlock-modal';

/** The page's side of the dialog: its button stands for an unlock that has spent the credits. */
function Harness() {
  const [state, setState] = useState({ credits: 10, pending: false });
  return (
    <>
      <button type="button" onClick={() => setState({ credits: 0, pending: true })}>
        spend
      </button>
      <ConfirmUnlockModal
        feature="freeRoute1"
        credits={state.credits}
        pending={state.pending}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />
    </>
  );
}

describe('ConfirmUnlockModal', () => {
  it('keeps the balance it was opened with while the unlock runs, never flashing the too-few-credits warning', async () => {
    const { user } = renderComponent(<Harness />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Your balance10 credits');
    expect(dialog).toHaveTextContent('After unlocking0 credits');

    await user.click(screen.getByRole('button', { name: 'spend', hidden: true }));

    expect(dialog).toHaveTextContent('Your balance10 credits');
    expect(dialog).not.toHaveTextContent('You need at least 10 credits');
    expect(screen.getByRole('button', { name: 'Unlocking...', hidden: true })).toBeDisabled();
  });

  it('warns and disables Confirm when the balance is below the cost', async () => {
    renderComponent(
      <ConfirmUnlockModal
        feature="freeRoute1"
        credits={5}
        pending={false}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You need at least 10 credits to unlock this feature.');
    expect(screen.getByRole('button', { name: 'Confirm Unlock' })).toBeDisabled();
  });
});
