import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useListView } from '../use-list-view';

const SORTS = ['customer_id', 'priority_score'] as const;

/** A list page with two of its controls, each acting on the view of the page's last render. */
function ListPage() {
  const { view, setFilter, setSort } = useListView(SORTS);
  return (
    <>
      <p>Urgency: {view.urgency.join(',') || 'any'}</p>
      <button type="button" onClick={() => setFilter('urgency', ['high'])}>
        High urgency only
      </button>
      <button type="button" onClick={() => setSort('customer_id')}>
        Sort by customer ID
      </button>
    </>
  );
}

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Opens the list, then leaves act() behind: act() renders every pending update at its end, which
 * would close the window under test (a change made before the page has re-rendered).
 */
function openList(at: string) {
  const router = createMemoryRouter([{ path: '/', element: <ListPage /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  return router;
}

/** Runs queued promise callbacks until `done`, without giving React a turn to render. */
async function settleMicrotasks(done: () => boolean) {
  for (let turn = 0; turn < 1000 && !done(); turn += 1) await Promise.resolve();
  expect(done()).toBe(true);
}

describe('useListView', () => {
  const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
  afterEach(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('keeps a filter when the sort changes straight after it (a quick user, a busy browser)', async () => {
    const router = openList('/?panel=who-to-call');
    // Plain DOM clicks, as a browser dispatches them, each in its own task.
    screen.getByRole('button', { name: 'High urgency only' }).click();
    await settleMicrotasks(() => router.state.location.search.includes('urgency=high'));
    // The router has the filter; the next click comes before React's next turn.
    screen.getByRole('button', { name: 'Sort by customer ID' }).click();
    await waitFor(() => expect(router.state.location.search).toContain('sort=customer_id'));

    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('urgency')).toBe('high');
    expect(params.get('order')).toBe('asc');
    expect(params.get('panel')).toBe('who-to-call');
    await screen.findByText('Urgency: high');
  });
});
