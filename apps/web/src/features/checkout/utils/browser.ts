/** Leaves the app for the redirect URL the checkout answers; one object so tests can spy on it. */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};
