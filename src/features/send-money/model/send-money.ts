/**
 * Sending money to another user (issue #36): the recipient (a @username, their link pasted, their QR scanned with the
 * phone's camera or Telegram's scanner — it opens the app on the amount step — or a contact picked through the bot), the amount in USD or RUB with an optional note, a confirm step that shows the recipient's masked name, then
 * the transfer with the Idempotency-Key of the intent (recipient, amount, request) kept until a definitive answer
 * (createIdempotentMutation). A payment request opens straight on the confirm step with its amount.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $moneyBlock, userRequested } from '@/entities/user';
import { $available, walletRefetchRequested, walletRequested } from '@/entities/wallet';
import { transactionsReloadRequested } from '@/entities/transaction';
import { createApiMutation, createIdempotentMutation, createApiQuery, toErrorMessage, type ErrorMessage } from '@/shared/api';
import {
  paymentRequestsGet,
  transfersContactPicker,
  transfersFindRecipient,
  transfersLimits,
  transfersSend,
  type Currency,
  type Money,
  type PaymentRequest,
  type Recipient,
  type Transfer,
} from '@/shared/contract';
import { parseAmountInput } from '@/shared/money';
import { guardClosing, hideKeyboardFx, lazySheetOpened } from '@/shared/lib';
import { getStartParam, haptic, openTelegramLink } from '@/shared/platform';
import { parseRecipientInput } from '../lib/pay-link';
import { $sendMoneyOpen, $sendMoneyTarget, sendMoneyClosed, sendMoneyOpened, type SendMoneyTarget } from './sheet';

export { sendMoneyClosed, sendMoneyOpened, $sendMoneyOpen } from './sheet';

export type SendStep = 'recipient' | 'amount' | 'confirm' | 'done';
export type AmountProblem = 'required' | 'invalid' | 'belowMinimum' | 'aboveLimit' | 'aboveBalance';

const findRecipientMutation = createApiMutation(transfersFindRecipient);
const paymentRequestMutation = createApiMutation(paymentRequestsGet);
const contactPickerMutation = createApiMutation(transfersContactPicker);
const transferLimitsQuery = createApiQuery(transfersLimits, { cached: false });
const sendMutation = createIdempotentMutation(transfersSend);

export const recipientTextChanged = createEvent<string>();
export const recipientSubmitted = createEvent();
export const contactRequested = createEvent();
export const currencyChanged = createEvent<Currency>();
export const amountChanged = createEvent<string>();
export const noteChanged = createEvent<string>();
export const reviewed = createEvent();
export const edited = createEvent();
export const confirmed = createEvent();
export const recipientCleared = createEvent();

/** The sheet's content mounted (its chunk arrived): an open that came before the chunk is handled then. */
const lazyOpen = lazySheetOpened(sendMoneyOpened, $sendMoneyOpen);
export const sendMoneySheetMounted = lazyOpen.mounted;
const opened = lazyOpen.opened;

export const $recipientText = createStore('').on(recipientTextChanged, (_, text) => text).reset(opened, sendMoneyClosed);
export const $recipient = createStore<Recipient | null>(null)
  .on(findRecipientMutation.finished.success, (_, { result }) => result)
  .on(paymentRequestMutation.finished.success, (_, { result }) => ({ payCode: result.requester.payCode, name: result.requester.name, username: null }))
  .reset(opened, sendMoneyClosed, recipientCleared);
export const $request = createStore<PaymentRequest | null>(null)
  .on(paymentRequestMutation.finished.success, (_, { result }) => result)
  .reset(opened, sendMoneyClosed, recipientCleared);
export const $currency = createStore<Currency>('USD')
  .on(currencyChanged, (_, currency) => currency)
  .on(paymentRequestMutation.finished.success, (_, { result }) => result.amount.currency)
  .reset(opened);
export const $amountText = createStore('').on(amountChanged, (_, text) => text).reset(opened, sendMoneyClosed);
export const $note = createStore('').on(noteChanged, (_, text) => text).reset(opened, sendMoneyClosed);
export const $sent = createStore<Transfer | null>(null)
  .on(sendMutation.finished.success, (_, { result }) => result)
  .reset(opened, sendMoneyClosed);
/** The recipient text could not be read as a @username, link or code. */
export const $recipientInvalid = createStore(false)
  .on(recipientTextChanged, () => false)
  .reset(opened, sendMoneyClosed);
/** The last failure in words (find, request, send). */
export const $failure = createStore<ErrorMessage | null>(null)
  .on([findRecipientMutation.finished.failure, paymentRequestMutation.finished.failure, sendMutation.finished.failure, contactPickerMutation.finished.failure], (_, { error }) =>
    toErrorMessage(error, 'errors:general.error'),
  )
  .reset(opened, sendMoneyClosed, recipientTextChanged, amountChanged, currencyChanged, reviewed);
const $validationShown = createStore(false).on(reviewed, () => true).reset(opened, sendMoneyClosed);

export const $step = createStore<SendStep>('recipient')
  .on(findRecipientMutation.finished.success, () => 'amount')
  .on(paymentRequestMutation.finished.success, (_, { result }) => (result.status === 'open' && !result.mine ? 'confirm' : 'recipient'))
  .on(edited, () => 'amount')
  .on(recipientCleared, () => 'recipient')
  .on(sendMutation.finished.success, () => 'done')
  .reset(opened, sendMoneyClosed);

/** The amount as money (a request's own amount when paying one). */
export const $amount = combine($request, $currency, $amountText, (request, currency, text): Money | null => {
  if (request) return request.amount;
  const parsed = parseAmountInput(text, currency);
  return parsed.ok && parsed.amount > 0 ? { amount: parsed.amount, currency } : null;
});

const $limits = transferLimitsQuery.$data;
export const $limit = combine($limits, $currency, (limits, currency) => limits?.limits.find((limit) => limit.currency === currency) ?? null);

/** Pure: what is wrong with the amount (null: nothing). */
export const amountProblem = (
  text: string,
  currency: Currency,
  limit: { min: Money; maxPerTransfer: Money; remaining: Money } | null,
  available: number | null,
): AmountProblem | null => {
  const parsed = parseAmountInput(text, currency);
  if (!parsed.ok) return parsed.error === 'empty' ? 'required' : 'invalid';
  if (parsed.amount <= 0) return 'invalid';
  if (limit && parsed.amount < limit.min.amount) return 'belowMinimum';
  if (limit && (parsed.amount > limit.maxPerTransfer.amount || parsed.amount > limit.remaining.amount)) return 'aboveLimit';
  if (available !== null && parsed.amount > available) return 'aboveBalance';
  return null;
};
const $problem = combine($amountText, $currency, $limit, $available, (text, currency, limit, available) =>
  amountProblem(text, currency, limit, available ? available[currency] : null),
);
export const $amountError = combine($validationShown, $problem, (shown, problem) => (shown ? problem : null));
export const $block = $moneyBlock;

// Opening: load what the sheet needs, then the recipient of a link or the request.
sample({ clock: opened, target: [userRequested, walletRequested] });
sample({ clock: opened, fn: () => undefined, target: transferLimitsQuery.start });
sample({ clock: opened, source: $sendMoneyTarget, filter: (target) => target !== null && 'payCode' in target, fn: (target) => ({ body: { payCode: (target as { payCode: string }).payCode } }), target: findRecipientMutation.start });
sample({ clock: opened, source: $sendMoneyTarget, filter: (target) => target !== null && 'requestId' in target, fn: (target) => ({ params: { requestId: (target as { requestId: string }).requestId } }), target: paymentRequestMutation.start });

// The recipient step: a typed @username / link / code.
const submittedInput = sample({ clock: recipientSubmitted, source: $recipientText, fn: parseRecipientInput });
sample({ clock: submittedInput, filter: (input) => input === null, fn: () => true, target: $recipientInvalid });
sample({ clock: submittedInput, filter: Boolean, fn: (input) => ({ body: input! }), target: findRecipientMutation.start });


/** A contact through Telegram: the bot sends its "Choose a contact" button; the chat opens to use it. */
const openBotFx = createEffect((url: string) => openTelegramLink(url));
sample({ clock: contactRequested, target: contactPickerMutation.start });
sample({ clock: contactPickerMutation.finished.success, fn: ({ result }) => result.botUrl, target: openBotFx });

// The amount step → confirm.
sample({ clock: reviewed, source: { problem: $problem, block: $block, step: $step }, filter: ({ problem, block, step }) => step === 'amount' && problem === null && block === null, fn: (): SendStep => 'confirm', target: $step });

// Confirm → the transfer (never while one is in flight).
sample({
  clock: confirmed,
  source: { recipient: $recipient, amount: $amount, note: $note, request: $request, busy: sendMutation.$pending, step: $step, block: $block },
  filter: ({ recipient, amount, busy, step, block }) => recipient !== null && amount !== null && !busy && step === 'confirm' && block === null,
  fn: ({ recipient, amount, note, request }) => ({
    body: {
      payCode: recipient!.payCode,
      amount: amount!,
      ...(note.trim() && !request ? { note: note.trim() } : {}),
      ...(request ? { requestId: request.id } : {}),
    },
  }),
  target: sendMutation.start,
});

export const $sending = sendMutation.$pending;
// Inside Telegram: "Close anyway?" while the transfer is in review or in flight; "Continue" after the amount closes
// the on-screen keyboard (shared/lib money-flow, as every money flow).
guardClosing(combine($sending, $step, (sending, step) => sending || step === 'confirm'));
sample({ clock: reviewed, target: hideKeyboardFx });
export const $finding = combine(findRecipientMutation.$pending, paymentRequestMutation.$pending, (a, b) => a || b);

const successHapticFx = createEffect(() => haptic.notification('success'));
const errorHapticFx = createEffect(() => haptic.notification('error'));
sample({ clock: sendMutation.finished.success, target: [walletRefetchRequested, transactionsReloadRequested, successHapticFx] });
sample({ clock: [sendMutation.finished.failure, findRecipientMutation.finished.failure], target: errorHapticFx });

/**
 * A payment link or request the app was opened with: Telegram's start parameter (`pay_<code>`, `req_<id>`), or the web
 * link's `?send=<code>` / `?request=prq_<id>`. Read once per value per session when this chunk loads (idle, right after
 * the wallet shows): kept out of the entry and the wallet's first chunk (bundle budget).
 */
export const linkTargetOf = (startParam: string | null | undefined, search: string): SendMoneyTarget => {
  const start = /^(pay|req)_([A-Za-z0-9_-]{10,22})$/.exec(startParam ?? '');
  const params = new URLSearchParams(search);
  const payCode = start?.[1] === 'pay' ? start[2] : params.get('send');
  const requestId = start?.[1] === 'req' ? `prq_${start[2]}` : params.get('request');
  if (payCode && /^[A-Za-z0-9]{10}$/.test(payCode)) return { payCode };
  if (requestId && /^prq_[A-Za-z0-9_-]{22}$/.test(requestId)) return { requestId };
  return null;
};
const FOLLOWED_KEY = 'tonic.payment-link-followed';
const followPaymentLinkFx = createEffect(() => {
  const target = linkTargetOf(getStartParam(), window.location.search);
  if (!target) return;
  const id = 'payCode' in target ? target.payCode : target.requestId;
  try {
    if (sessionStorage.getItem(FOLLOWED_KEY) === id) return;
    sessionStorage.setItem(FOLLOWED_KEY, id);
  } catch {
    // storage unavailable: follow it
  }
  sendMoneyOpened(target);
});
if (typeof window !== 'undefined') void followPaymentLinkFx();
