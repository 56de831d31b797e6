/** Query keys of the Manage Customers page; assignments invalidate the whole family. */
export const manageCustomersKeys = {
  all: ['manage-customers'] as const,
  customers: (page: number, search: string) =>
    [...manageCustomersKeys.all, 'customers', { page, search }] as const,
  rms: () => [...manageCustomersKeys.all, 'rms'] as const,
  book: (rmId: string) => [...manageCustomersKeys.all, 'book', rmId] as const,
  whoToCall: (rmId: string) => [...manageCustomersKeys.all, 'who-to-call', rmId] as const,
};
