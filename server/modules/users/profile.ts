import type { UserProfile, usersMe, VerificationStatus } from '@/shared/contract/users';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { authError, httpErrors } from '../../http/errors';
import type { RequestContext } from '../../http/route';
import { normalizeEmail } from './create-user';
import { findUserByEmail, findUserById, setVerification, settleDueVerification, type UserRecord } from './user-store';

const toUserProfile = (user: UserRecord): UserProfile => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  name: `${user.firstName} ${user.lastName}`,
  email: user.email,
  phoneNumber: user.phoneNumber,
  country: user.country,
  verificationStatus: user.verificationStatus,
  telegram: user.telegram
    ? {
        id: String(user.telegram.id),
        firstName: user.telegram.firstName,
        ...(user.telegram.username ? { username: user.telegram.username } : {}),
        ...(user.telegram.photoUrl ? { photoUrl: user.telegram.photoUrl } : {}),
      }
    : null,
  promoCode: user.promoCode,
  frozen: user.frozen ? { reason: user.frozen.reason, since: user.frozen.since.toISOString() } : null,
  // Only while it still applies: a decision since then answers it.
  verificationRequest:
    user.verificationRequest && user.verificationStatus === 'under_verification'
      ? { items: user.verificationRequest.items, at: user.verificationRequest.at.toISOString() }
      : null,
  createdAt: user.createdAt.toISOString(),
});

/** The profile of a signed-in user; 401 if the account no longer exists. */
export const userProfile = async (q: Queryable, clock: Clock, userId: string): Promise<UserProfile> => {
  await settleDueVerification(q, userId, clock.now());
  const user = await findUserById(q, userId);
  if (!user) throw httpErrors.unauthorized('This account no longer exists. Please sign in again.');
  return toUserProfile(user);
};

/** GET /api/users/me. */
export const getMyProfile = ({ db, clock, user }: RequestContext<typeof usersMe, object>): Promise<UserProfile> => userProfile(db, clock, user.userId);

/** Sandbox control: set an account's verification state (404 for an unknown email). */
export const setVerificationByEmail = async (db: Db, clock: Clock, email: string, status: VerificationStatus): Promise<UserProfile> => {
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) throw authError('USER_NOT_FOUND', 'No account with this email.', { fields: { email: 'No account with this email' } });
  await setVerification(db, user.id, status, null, clock.now());
  return userProfile(db, clock, user.id);
};
