/** Test-only public API (import from '@/entities/user/index.testing' in *.test.ts). */
import type { UserProfile, VerificationStatus } from '@/shared/contract';

/** A GET /api/users/me answer with the given verification status. */
export const userFixture = (verificationStatus: VerificationStatus = 'verified'): UserProfile => ({
  id: 'usr_1',
  firstName: 'Ivan',
  lastName: 'Petrov',
  name: 'Ivan Petrov',
  email: 'ivan@example.com',
  phoneNumber: '+79990000000',
  country: 'RUS',
  verificationStatus,
  telegram: null,
  promoCode: 'IVAN2025',
  frozen: null,
  verificationRequest: null,
  createdAt: '2025-01-02T03:04:05.000Z',
});
