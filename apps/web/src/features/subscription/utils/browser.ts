/**
 * Full-page navigations (leaving the single-page app), in one object so tests can spy on them:
 * jsdom cannot navigate.
 */
export const browserLocation = {
  /** Goes to the payment provider's checkout page. */
  assign: (url: string) => window.location.assign(url),
  /** Reloads a page without keeping the current entry (the payment flags leave the history). */
  replace: (url: string) => window.location.replace(url),
};
