import type { User } from '@behavio/contract';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Admin',
    email: 'ada@firm.example',
    role: 'admin',
    firmId: 'firm-1',
    businessName: 'Ada Wealth',
    adminEmail: 'ada@firm.example',
    noOfFileUploads: 1,
    subscription: 'free',
    credits: 100,
    ...overrides,
  };
}

export const TEST_TOKEN = 'test-token';

/** The check-user answer for a user. */
export function checkUserReply(user: User) {
  return { status: 200, body: { message: 'User found', user } };
}
