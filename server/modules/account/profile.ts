/** Profile edits (docs/auth.md "Account"); the email change is email-change.ts. */
import type { accountUpdateProfile } from '@/shared/contract/account';
import type { UserProfile } from '@/shared/contract/users';
import type { SqlParam } from '../../db/db';
import { userProfile } from '../users';
import type { AccountRequest } from './shared';

/** Names and phone: the body was validated by the registration form's rules (contract ProfileUpdate). */
export const updateProfile = async ({ db, clock, user, body: change }: AccountRequest<typeof accountUpdateProfile>): Promise<UserProfile> => {
  const { userId } = user;
  const sets: string[] = [];
  const values: SqlParam[] = [userId, clock.now()];
  const add = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  add('first_name', change.firstName);
  add('last_name', change.lastName);
  add('phone_number', change.phoneNumber);
  // A new phone is a new SBP payout destination: withdrawals to it are held (docs/server.md "Withdrawals").
  if (change.phoneNumber !== undefined) sets.push(`phone_changed_at = CASE WHEN phone_number IS DISTINCT FROM $${values.length} THEN $2 ELSE phone_changed_at END`);
  await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL`, values);
  return userProfile(db, clock, userId);
};
