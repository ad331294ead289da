/** Compliance freezes an account (no money leaves; the user is told why) or unfreezes it. */
import { sample } from 'effector';
import { opsUsersFreeze, opsUsersUnfreeze } from '@/shared/contract/ops';
import { pictureReceived } from '@/ops/entities/customer';
import { createConsoleAction } from '@/ops/shared/api';

export const freezeAccount = createConsoleAction<typeof opsUsersFreeze, { userId: string; name: string }>(opsUsersFreeze, {
  name: 'ops.users.freeze',
  successKey: 'ops-users:freeze.done',
});
export const unfreezeAccount = createConsoleAction<typeof opsUsersUnfreeze, { userId: string; name: string }>(opsUsersUnfreeze, {
  name: 'ops.users.unfreeze',
  successKey: 'ops-users:unfreeze.done',
});
// Both answer the account's new picture.
sample({ clock: [freezeAccount.done, unfreezeAccount.done], target: pictureReceived });
