import type { SessionUser } from '@kontor/contract/api/auth';

/** A logged-in user as the session stores it; tests override what they are about. */
export const testUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  _id: 'u1',
  email: 'anna@example.com',
  firstname: 'Anna',
  name: 'Muster',
  is_active: true,
  password_changed_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
