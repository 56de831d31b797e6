/** Query keys of the Manage Customers page; assignments invalidate the whole family. */
export const manageCustomersKeys = {
  all: ['manage-customers'] as const,
  customers: (page: number, search: string, view: object = {}) =>
    [...manageCustomersKeys.all, 'customers', { page, search, view }] as const,
  rms: () => [...manageCustomersKeys.all, 'rms'] as const,
  book: (rmId: string, view: object = {}) =>
    [...manageCustomersKeys.all, 'book', rmId, view] as const,
  whoToCall: (rmId: string, view: object = {}) =>
    [...manageCustomersKeys.all, 'who-to-call', rmId, view] as const,
};
