import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { findNavigation, renderComponent } from '@/testing/render-component';
import { LockedRoleManagement } from '../components/locked-role-management';

describe('LockedRoleManagement (free plan)', () => {
  it("lists what's included", async () => {
    const api = mockApi({});
    const { user } = renderComponent(<LockedRoleManagement />, { user: buildUser() });
    expect(screen.getByRole('heading', { name: 'Role Management & Creation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "What's Included?" }));
    const dialog = within(await screen.findByRole('dialog', { name: "What's Included?" }));
    expect(dialog.getByText('Unlimited employees')).toBeInTheDocument();
    expect(dialog.getByText('Role-based permissions')).toBeInTheDocument();
    expect(dialog.getByText('Unlimited insights')).toBeInTheDocument();
    // Nothing is asked of the server: the panel is a preview.
    expect(api.calls).toHaveLength(0);
  });

  it('sends Upgrade Now to /subscription', async () => {
    mockApi({});
    const { user } = renderComponent(<LockedRoleManagement />, { user: buildUser() });
    await user.click(screen.getByRole('link', { name: 'Upgrade Now' }));
    expect(await findNavigation('/subscription')).toBeInTheDocument();
  });

  it('keeps the blurred preview out of reach', () => {
    mockApi({});
    renderComponent(<LockedRoleManagement />, { user: buildUser() });
    // Only the overlay's own buttons can be reached; the preview's button is inert.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      "What's Included?",
    ]);
  });
});
