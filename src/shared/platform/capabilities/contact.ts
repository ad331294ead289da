/** Phone number request (6.9+): Telegram asks the user to share the account's phone contact. */
import { requestContact } from '@telegram-apps/sdk-react';
import { settle, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

export interface PhoneContact {
  phoneNumber: string;
  firstName?: string;
  lastName?: string;
}

/** 'cancelled' when the user declines; 'timeout' when Telegram never delivers the contact (30 s). */
export async function requestPhoneContact(): Promise<BridgeResult<PhoneContact>> {
  const blocked = preflight(requestContact);
  if (blocked) return blocked;
  const result = await settle(() => requestContact({ timeout: 30_000 }));
  if (!result.ok) return result;
  const { phone_number, first_name, last_name } = result.value.contact;
  return {
    ok: true,
    value: {
      phoneNumber: phone_number,
      ...(first_name ? { firstName: first_name } : {}),
      ...(last_name ? { lastName: last_name } : {}),
    },
  };
}
