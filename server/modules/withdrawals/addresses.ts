/** The TRON address book (issue #36): labelled, checked addresses; a new one is usable 24 hours after it was added. */
import { randomBytes } from 'node:crypto';
import type { SavedAddress, withdrawalsAddAddress, withdrawalsAddresses, withdrawalsRemoveAddress } from '@/shared/contract';
import { addSeconds } from '../../clock';
import type { Queryable } from '../../db/db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/db';
import { catalogError } from '../../http/errors';
import type { WithdrawalsRequest } from './shared';

/** Most live addresses one user keeps. */
const ADDRESS_BOOK_SIZE = 20;

export interface AddressRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  address: string;
  label: string;
  created_at: Date;
}

const toSavedAddress = (row: AddressRow, holdSeconds: number): SavedAddress => ({
  id: row.id,
  network: 'TRON',
  address: row.address,
  label: row.label,
  createdAt: row.created_at.toISOString(),
  usableFrom: addSeconds(row.created_at, holdSeconds).toISOString(),
});

export const ownedAddress = async (q: Queryable, userId: string, id: string): Promise<AddressRow> => {
  const [row] = await q.query<AddressRow>('SELECT * FROM withdrawal_addresses WHERE id = $1 AND user_id = $2 AND removed_at IS NULL', [id, userId]);
  if (!row) throw catalogError('ADDRESS_NOT_FOUND', 'No such address in your address book.');
  return row;
};

export const listAddresses = async ({ db, user, settings }: WithdrawalsRequest<typeof withdrawalsAddresses>) => ({
  items: (
    await db.query<AddressRow>('SELECT * FROM withdrawal_addresses WHERE user_id = $1 AND removed_at IS NULL ORDER BY created_at DESC, id DESC', [user.userId])
  ).map((row) => toSavedAddress(row, settings.holdSeconds)),
});

export const addAddress = ({ db, clock, user, body, settings }: WithdrawalsRequest<typeof withdrawalsAddAddress>): Promise<SavedAddress> =>
  db.tx(async (q) => {
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.userId]); // one address-book change at a time per user
    const [{ n } = { n: 0 }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawal_addresses WHERE user_id = $1 AND removed_at IS NULL', [user.userId]);
    if (n >= ADDRESS_BOOK_SIZE) throw catalogError('ADDRESS_BOOK_FULL', `The address book holds at most ${ADDRESS_BOOK_SIZE} addresses. Remove one first.`);
    try {
      const [row] = await q.query<AddressRow>(
        `INSERT INTO withdrawal_addresses (id, user_id, network, address, label, created_at) VALUES ($1, $2, 'TRON', $3, $4, $5) RETURNING *`,
        [`wad_${randomBytes(12).toString('base64url')}`, user.userId, body.address, body.label, clock.now()],
      );
      return toSavedAddress(row!, settings.holdSeconds);
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw catalogError('ADDRESS_ALREADY_SAVED', 'This address is in your address book already.');
      throw error;
    }
  });

export const removeAddress = async ({ db, clock, user, params }: WithdrawalsRequest<typeof withdrawalsRemoveAddress>) => {
  await ownedAddress(db, user.userId, params.addressId);
  await db.query('UPDATE withdrawal_addresses SET removed_at = $3 WHERE id = $1 AND user_id = $2 AND removed_at IS NULL', [params.addressId, user.userId, clock.now()]);
  return { removed: true as const };
};
