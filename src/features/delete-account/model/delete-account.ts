/**
 * Delete the account (issue #14 "Account"). Opening asks the server what blocks it (GET /api/users/me/deletion:
 * non-zero balances, money on its way, open cards), shown in words; when nothing does, the user confirms and
 * POST /api/users/me/delete ends every session. This device then forgets its tokens and goes to the Welcome screen.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { signedOut } from '@/entities/session';
import { createApiMutation, toErrorMessage, tokenStorage, type ErrorMessage } from '@/shared/api';
import { accountDelete, accountDeletionCheck, type DeletionBlocker } from '@/shared/contract';
import { routePaths } from '@/shared/config';
import { i18n } from '@/shared/i18n';
import { navigateFx } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { deleteAccountTexts } from '../i18n/texts';

export type DeleteStep = 'closed' | 'checking' | 'blocked' | 'confirm';

/** A fresh answer every time (a mutation, never the 5-minute cache): balances change. */
const deletionCheckMutation = createApiMutation(accountDeletionCheck, { name: 'account.deletionCheck' });
const deleteAccountMutation = createApiMutation(accountDelete);

export const deleteOpened = createEvent();
export const deleteClosed = createEvent();
export const deleteConfirmed = createEvent();

export const $blockers = createStore<DeletionBlocker[]>([])
  .on(deletionCheckMutation.finished.success, (_, { result }) => result.blockers)
  .reset(deleteOpened, deleteClosed);
export const $step = createStore<DeleteStep>('closed')
  .on(deleteOpened, () => 'checking')
  .on(deletionCheckMutation.finished.success, (_, { result }) => (result.allowed ? 'confirm' : 'blocked'))
  .on(deletionCheckMutation.finished.failure, () => 'closed')
  .reset(deleteClosed);
export const $error = createStore<ErrorMessage | null>(null)
  .on(deletionCheckMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${deleteAccountTexts.ns}:checkFailed`))
  .on(deleteAccountMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${deleteAccountTexts.ns}:failed`))
  .reset(deleteOpened, deleteClosed, deleteConfirmed);
export const $deleting = deleteAccountMutation.$pending;

sample({ clock: deleteOpened, fn: () => undefined, target: deletionCheckMutation.start });
sample({
  clock: deleteConfirmed,
  source: $step,
  filter: (step, _) => step === 'confirm',
  fn: () => ({ body: { confirm: true as const } }),
  target: deleteAccountMutation.start,
});
// A refusal that names blockers (ACCOUNT_NOT_EMPTY: something arrived meanwhile): ask again and list them.
sample({ clock: deleteAccountMutation.finished.failure, fn: () => undefined, target: deletionCheckMutation.start });

/** The server ended every session: forget this device's tokens (no logout call: the session is gone). */
const forgetTokensFx = createEffect(() => {
  tokenStorage.clear();
  void notify.success(i18n.t(`${deleteAccountTexts.ns}:deleted`));
});
sample({ clock: deleteAccountMutation.finished.success, target: forgetTokensFx });
sample({ clock: forgetTokensFx.done, target: signedOut });
sample({ clock: forgetTokensFx.done, fn: () => ({ to: routePaths.welcome, replace: true }), target: navigateFx });
