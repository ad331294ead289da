/**
 * Withdrawals awaiting approval (docs/ops.md "Withdrawals over the approval size"): the held ones, longest waiting
 * first; one opened shows its details; a decision takes it off the list. A decision the server refuses because the
 * list was stale (decided meanwhile by another operator, or gone) reloads the list too, its dialog saying why.
 */
import { createEvent, createStore, sample } from 'effector';
import { isApiError } from '@/shared/api';
import { opsWithdrawalsAwaiting, type OpsWithdrawal } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { decisionFailed, decisionOpened, withdrawalDecided } from '@/ops/features/withdrawal-decision';
import { createPagedList } from '@/ops/shared/api';

export const withdrawalsPage = createPageLifecycle('opsWithdrawalsPage');
export const withdrawalsList = createPagedList(opsWithdrawalsAwaiting, 'ops.withdrawals.awaiting', 'ops-money:withdrawals.loadFailed');

/** One withdrawal's details shown (from the list), or closed. */
export const detailsOpened = createEvent<OpsWithdrawal>();
export const detailsClosed = createEvent();
export const $details = createStore<OpsWithdrawal | null>(null)
  .on(detailsOpened, (_, withdrawal) => withdrawal)
  // Deciding goes on in the decision's own dialog.
  .reset(detailsClosed, decisionOpened, withdrawalsPage.closed);

/** The server's answer that the list was stale: not found, or not waiting any more (409). */
const isStale = (error: unknown) => isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 409);

sample({ clock: withdrawalsPage.opened, fn: () => ({ query: { limit: 50 } }), target: withdrawalsList.loaded });
sample({ clock: withdrawalDecided, target: withdrawalsList.reloaded });
sample({ clock: decisionFailed, filter: isStale, target: withdrawalsList.reloaded });
