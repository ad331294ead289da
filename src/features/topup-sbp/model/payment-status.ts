/**
 * One SBP payment's server truth for the result pages (GET /api/wallet/sbp/{paymentId}, docs/api.md "SBP"):
 * the provider's callback credits the wallet asynchronously, so while the payment is `pending` it is polled
 * every 3 s (past the cache). When it succeeds, the wallet and the transactions are reloaded.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { transactionsReloadRequested } from '@/entities/transaction';
import { walletRefetchRequested } from '@/entities/wallet';
import { createApiQuery, createPoll, createRefetch, isApiError, queryState, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { walletSbpGet, type SbpPayment } from '@/shared/contract';

const SBP_POLL_INTERVAL_MS = 3000;

const sbpPaymentQuery = createApiQuery(walletSbpGet);
const sbpPaymentRefetch = createRefetch(sbpPaymentQuery, 'wallet.sbpGet');

/** A result page opened for this payment id. */
export const sbpPaymentWatchStarted = createEvent<string>();
/** The page closed: stop polling. */
export const sbpPaymentWatchStopped = createEvent();

const $watchedPaymentId = createStore<string | null>(null)
  .on(sbpPaymentWatchStarted, (_, id) => id)
  .reset(sbpPaymentWatchStopped);

/** The payment, only when it is the watched one. */
export const $sbpPayment = combine(sbpPaymentQuery.$data, $watchedPaymentId, (payment, id): SbpPayment | null =>
  payment && payment.paymentId === id ? payment : null,
);
const $sbpPaymentState = queryState(sbpPaymentQuery);
/** No such payment (another user's, or a made-up id): 404. */
export const $sbpPaymentNotFound = sbpPaymentQuery.$error.map((error) => isApiError(error) && error.status === 404);
export const $sbpPaymentError = sbpPaymentQuery.$error.map((error): ErrorMessage | null =>
  error === null ? null : toErrorMessage(error, 'errors:general.fetchFailed'),
);

const paramsOf = (paymentId: string) => ({ params: { paymentId } });

sample({ clock: sbpPaymentWatchStarted, fn: paramsOf, target: sbpPaymentRefetch });

const sbpPoll = createPoll<string>({ every: SBP_POLL_INTERVAL_MS, name: 'wallet.sbpGet.poll' });
/** The pause between two polls (tests replace it). */
export const pollDelayFx = sbpPoll.waitFx;
sample({ clock: sbpPaymentWatchStopped, target: sbpPoll.stopped });

// Poll while pending (and after a failed poll that may succeed later); never after a 404.
sample({
    clock: sbpPaymentQuery.finished.finally,
    source: $watchedPaymentId,
    filter: (id, result) =>
      id !== null &&
      result.params.params.paymentId === id &&
      (result.status === 'done'
        ? result.result.status === 'pending'
        : result.status === 'fail' && !(isApiError(result.error) && result.error.status === 404)),
    fn: (id) => id!,
  target: sbpPoll.scheduled,
});
sample({
  clock: sbpPoll.tick,
  source: $watchedPaymentId,
  filter: (watched, id) => watched === id,
  fn: (_, id) => paramsOf(id),
  target: sbpPaymentRefetch,
});

/** Payments whose success has been seen (the wallet is reloaded once per payment). */
const $creditedSeen = createStore<string[]>([]);
const paymentSucceeded = sample({
  clock: sbpPaymentQuery.finished.success,
  source: $creditedSeen,
  filter: (seen, { result }) => result.status === 'succeeded' && !seen.includes(result.paymentId),
  fn: (_, { result }) => result.paymentId,
});
$creditedSeen.on(paymentSucceeded, (seen, id) => [...seen, id]);
sample({ clock: paymentSucceeded, target: [walletRefetchRequested, transactionsReloadRequested] });
