/**
 * SBP (fast payments) top-up sheet: amount in RUB within the configured minimum and maximum, "Pay" creates the
 * payment (POST /api/wallet/sbp, idempotent) and opens its paymentUrl. The Idempotency-Key belongs to the amount
 * until a definitive answer, so pressing Pay again after a lost answer can never create a second payment.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $appConfig, $sbpConfig } from '@/entities/app-config';
import { $moneyBlock, refreshOnAccountRefusal, userRequested } from '@/entities/user';
import { walletFailureReason } from '@/entities/wallet';
import { createIdempotentMutation, mutationState } from '@/shared/api';
import { miniAppLink, walletSbpCreate, type SbpPayment } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { navigateFx } from '@/shared/lib';
import { haptic, isMockEnvironment, openLink } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { paymentStatusPath } from '../lib/payment-link';
import { checkSbpAmount } from '../lib/sbp-amount';
import { $sbpAmountText, $sbpTopUpOpen, sbpTopUpClosed, sbpTopUpOpened } from './sheet';

export { sbpTopUpOpened, sbpTopUpClosed, sbpAmountChanged, $sbpTopUpOpen, $sbpAmountText, hapticSelectionFx } from './sheet';

const sbpCreateMutation = createIdempotentMutation(walletSbpCreate);

export const sbpPayPressed = createEvent();


/** Pay was pressed: show "enter an amount" for an empty field from now on. */
const $submitted = createStore(false)
  .on(sbpPayPressed, () => true)
  .reset(sbpTopUpOpened);

export const $sbpAmountCheck = combine($sbpAmountText, $sbpConfig, (text, limits) => checkSbpAmount(text, limits));
/** The check to show under the field (an empty field only after Pay). */
export const $sbpAmountError = combine($sbpAmountCheck, $submitted, (check, submitted) =>
  check.status === 'ok' || (check.status === 'empty' && !submitted) ? null : check,
);

const $sbpState = mutationState(sbpCreateMutation);

/** SPEC §1: refused up front for a user under verification (the one rule for money actions, entities/user). */
export const $sbpBlock = $moneyBlock;
sample({ clock: sbpTopUpOpened, target: userRequested });

/**
 * Opens the payment page: outside Telegram (browser, dev mock) in this window, so the provider comes back to
 * /payment-success or /payment-failed; inside Telegram with the platform link opener (the bank's page or app),
 * and the app shows the payment's status meanwhile.
 */
export const openPaymentFx = createEffect(async (payment: SbpPayment): Promise<'left' | 'external'> => {
  if (!isMockEnvironment()) {
    const opened = await openLink(payment.paymentUrl);
    if (opened.ok) return 'external';
  }
  window.location.assign(payment.paymentUrl);
  return 'left';
});

/** The last payment opened outside the app (inside Telegram): the app shows its status page meanwhile. */
export const $followedPayment = createStore<SbpPayment | null>(null)
  .on(openPaymentFx.done, (_, { params, result }) => (result === 'external' ? params : null))
  .reset(sbpTopUpOpened);
sample({
  clock: openPaymentFx.done,
  filter: ({ result }) => result === 'external',
  fn: ({ params }) => ({ to: paymentStatusPath(params.paymentId) }),
  target: navigateFx,
});
/** The app is leaving for the payment page (same window). */
const $leaving = createStore(false)
  .on(openPaymentFx.doneData, (_, result) => result === 'left')
  .reset(sbpTopUpOpened, sbpTopUpClosed);

/** A payment is being created or opened: Telegram asks before closing the app meanwhile. */
export const $sbpPaymentInProgress = combine(sbpCreateMutation.$pending, openPaymentFx.pending, $leaving, (a, b, c) => a || b || c);

export const feedbackFx = createEffect<{ kind: 'success' | 'error'; title: string; description?: { keys: string[]; defaultValue: string } | null }, void>(
  ({ kind, title, description }) => {
    haptic.notification(kind);
    void notify[kind](i18n.t(title), description ? { description: i18n.t(description.keys, { defaultValue: description.defaultValue }) } : undefined);
  },
);
export const hapticErrorFx = createEffect(() => haptic.notification('error'));

/**
 * Where the bank sends the payer back. Inside Telegram the payment page opens outside the app (the bank's page or app),
 * so the way back is the Mini App's t.me link: the server adds `startapp=sbp_<paymentId>` and the app opens on that
 * payment's result (app/boot deep link). Outside Telegram: none (the server's own /payment-success and
 * /payment-failed pages on this origin).
 */
const $sbpReturnUrl = $appConfig.map((config) => (isMockEnvironment() ? null : miniAppLink(config?.app)));
/**
 * The Idempotency-Key belongs to the payment the user means (this amount): Pay again after a lost answer — even
 * after closing the sheet or reloading — replays it, never a second payment; a created payment, a refusal or
 * another amount gets a new one (createIdempotentMutation).
 */
sample({
  clock: sbpPayPressed,
  source: { check: $sbpAmountCheck, busy: $sbpPaymentInProgress, returnUrl: $sbpReturnUrl, block: $sbpBlock },
  filter: ({ check, busy, block }) => check.status === 'ok' && !busy && block === null,
  fn: ({ check, returnUrl }) => {
    const amount = (check as { amount: number }).amount;
    return { body: returnUrl ? { amount, returnUrl } : { amount } };
  },
  target: sbpCreateMutation.start,
});
sample({ clock: sbpPayPressed, source: $sbpAmountCheck, filter: (check) => check.status !== 'ok', target: hapticErrorFx });

sample({ clock: sbpCreateMutation.finished.success, fn: ({ result }) => result, target: openPaymentFx });
sample({ clock: openPaymentFx.done, filter: ({ result }) => result === 'external', target: sbpTopUpClosed });

sample({
  clock: sbpCreateMutation.finished.failure,
  fn: ({ error }) => ({ kind: 'error' as const, title: 'errors:wallet.createSbpFailed', description: walletFailureReason(error) }),
  target: feedbackFx,
});

// Refused for the account's state (an operator decided since the profile was read): the screen explains it at once.
refreshOnAccountRefusal(sbpCreateMutation);
