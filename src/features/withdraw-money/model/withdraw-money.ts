/**
 * Money out (issue #36): USDT to a saved TRON address (the address book: checked base58 addresses with labels, usable
 * 24 hours after they were added) or RUB by SBP to the user's own phone at a bank they pick. The fee is shown before
 * confirming; "Continue" mails a code, the confirm step takes it, and the withdrawal goes with the Idempotency-Key of
 * the intent (createIdempotentMutation). The wallet then shows it pending (held) until the network or the bank settles.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $moneyBlock, userRequested } from '@/entities/user';
import { $available, walletRefetchRequested, walletRequested } from '@/entities/wallet';
import { transactionsReloadRequested } from '@/entities/transaction';
import { createApiMutation, createApiQuery, createIdempotentMutation, toErrorMessage, type ErrorMessage } from '@/shared/api';
import {
  isTronAddress,
  withdrawalsAddAddress,
  withdrawalsAddresses,
  withdrawalsOptions,
  withdrawalsSbp,
  withdrawalsSendCode,
  withdrawalsUsdt,
  type Money,
  type SavedAddress,
  type Withdrawal,
} from '@/shared/contract';
import { parseAmountInput } from '@/shared/money';
import { guardClosing, hideKeyboardFx, lazySheetOpened } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { $withdrawOpen, withdrawClosed, withdrawOpened } from './sheet';

export { withdrawClosed, $withdrawOpen } from './sheet';

export type WithdrawMethod = 'usdt' | 'sbp';
export type WithdrawStep = 'form' | 'address' | 'confirm' | 'done';
export type WithdrawProblem = 'required' | 'invalid' | 'belowMinimum' | 'aboveLimit' | 'aboveBalance' | 'noDestination';

const optionsQuery = createApiQuery(withdrawalsOptions, { cached: false });
const addressesQuery = createApiQuery(withdrawalsAddresses, { cached: false });
const addAddressMutation = createApiMutation(withdrawalsAddAddress);
const sendCodeMutation = createApiMutation(withdrawalsSendCode);
const usdtMutation = createIdempotentMutation(withdrawalsUsdt);
const sbpMutation = createIdempotentMutation(withdrawalsSbp);

export const methodChanged = createEvent<WithdrawMethod>();
export const addressChosen = createEvent<string>();
export const bankChosen = createEvent<string>();
export const amountChanged = createEvent<string>();
export const continued = createEvent();
export const codeChanged = createEvent<string>();
export const confirmed = createEvent();
export const backPressed = createEvent();
export const codeResent = createEvent();
export const addAddressOpened = createEvent();
export const newAddressChanged = createEvent<string>();
export const newLabelChanged = createEvent<string>();
export const addAddressSubmitted = createEvent();

/** The sheet's content mounted (its chunk arrived): an open that came before the chunk is handled then. */
const lazyOpen = lazySheetOpened(withdrawOpened, $withdrawOpen);
export const withdrawSheetMounted = lazyOpen.mounted;
const opened = lazyOpen.opened;
export const $method = createStore<WithdrawMethod>('usdt').on(methodChanged, (_, m) => m).reset(withdrawClosed);

export const $options = optionsQuery.$data;
export const $addresses = createStore<SavedAddress[]>([])
  .on(addressesQuery.finished.success, (_, { result }) => result.items)
  .on(addAddressMutation.finished.success, (list, { result }) => [result, ...list]);
export const $addressId = createStore<string | null>(null)
  .on(addressChosen, (_, id) => id)
  .on(addAddressMutation.finished.success, (_, { result }) => result.id)
  .on(addressesQuery.finished.success, (current, { result }) => current ?? result.items[0]?.id ?? null)
  .reset(opened);
export const $address = combine($addresses, $addressId, (list, id) => list.find((a) => a.id === id) ?? null);
export const $bankId = createStore<string | null>(null).on(bankChosen, (_, id) => id).reset(opened);
export const $amountText = createStore('').on(amountChanged, (_, t) => t).reset(opened, methodChanged);
export const $code = createStore('').on(codeChanged, (_, c) => c.replace(/\D/g, '').slice(0, 6)).reset(opened, continued);
export const $newAddress = createStore('').on(newAddressChanged, (_, t) => t.trim()).reset(opened, addAddressMutation.finished.success);
export const $newLabel = createStore('').on(newLabelChanged, (_, t) => t).reset(opened, addAddressMutation.finished.success);
export const $newAddressInvalid = createStore(false).on(newAddressChanged, () => false).reset(opened);
export const $result = createStore<Withdrawal | null>(null)
  .on([usdtMutation.finished.success, sbpMutation.finished.success], (_, { result }) => result)
  .reset(opened);
const $validationShown = createStore(false).on(continued, () => true).reset(opened, methodChanged);

export const $step = createStore<WithdrawStep>('form')
  .on(addAddressOpened, () => 'address')
  .on(addAddressMutation.finished.success, () => 'form')
  .on(sendCodeMutation.finished.success, () => 'confirm')
  .on([usdtMutation.finished.success, sbpMutation.finished.success], () => 'done')
  .on(backPressed, (step) => (step === 'confirm' || step === 'address' ? 'form' : step))
  .reset(opened, withdrawClosed);

export const $failure = createStore<(ErrorMessage & { availableAt?: string }) | null>(null)
  .on(
    [addAddressMutation.finished.failure, sendCodeMutation.finished.failure, usdtMutation.finished.failure, sbpMutation.finished.failure],
    (_, { error }) => {
      const details = (error as { details?: { availableAt?: string } }).details;
      return { ...toErrorMessage(error, 'errors:general.error'), ...(details?.availableAt ? { availableAt: details.availableAt } : {}) };
    },
  )
  .reset(opened, withdrawClosed, amountChanged, methodChanged, addressChosen, bankChosen, continued, addAddressOpened, backPressed);

const $methodOptions = combine($options, $method, (options, method) => (options ? options[method] : null));
export const $fee = $methodOptions.map((o) => o?.fee ?? null);
export const $amount = combine($amountText, $method, (text, method): Money | null => {
  const currency = method === 'usdt' ? 'USD' : 'RUB';
  const parsed = parseAmountInput(text, currency);
  return parsed.ok && parsed.amount > 0 ? { amount: parsed.amount, currency } : null;
});
export const $total = combine($amount, $fee, (amount, fee) => (amount && fee ? { amount: amount.amount + fee.amount, currency: amount.currency } : null));

/** Pure: what is wrong with the form (null: nothing). */
const withdrawProblem = (
  text: string,
  method: WithdrawMethod,
  limits: { min: Money; remaining: Money; fee: Money } | null,
  available: number | null,
  hasDestination: boolean,
): WithdrawProblem | null => {
  if (!hasDestination) return 'noDestination';
  const parsed = parseAmountInput(text, method === 'usdt' ? 'USD' : 'RUB');
  if (!parsed.ok) return parsed.error === 'empty' ? 'required' : 'invalid';
  if (parsed.amount <= 0) return 'invalid';
  if (limits && parsed.amount < limits.min.amount) return 'belowMinimum';
  if (limits && parsed.amount > limits.remaining.amount) return 'aboveLimit';
  if (available !== null && limits && parsed.amount + limits.fee.amount > available) return 'aboveBalance';
  return null;
};
const $problem = combine($amountText, $method, $methodOptions, $available, $addressId, $bankId, (text, method, limits, available, addressId, bankId) =>
  withdrawProblem(text, method, limits, available ? available[method === 'usdt' ? 'USD' : 'RUB'] : null, method === 'usdt' ? addressId !== null : bankId !== null),
);
export const $problemShown = combine($validationShown, $problem, (shown, problem) => (shown ? problem : null));
export const $block = $moneyBlock;
export const $busy = combine(sendCodeMutation.$pending, usdtMutation.$pending, sbpMutation.$pending, addAddressMutation.$pending, (a, b, c, d) => a || b || c || d);
// Inside Telegram: "Close anyway?" while the withdrawal is being confirmed or a request is in flight; "Continue" after
// the amount closes the on-screen keyboard (shared/lib money-flow, as every money flow).
guardClosing(combine($busy, $step, (busy, step) => busy || step === 'confirm'));
sample({ clock: continued, target: hideKeyboardFx });

sample({ clock: opened, target: [userRequested, walletRequested] });
sample({ clock: opened, fn: () => undefined, target: [optionsQuery.start, addressesQuery.start] });

// Continue: the form is fine → a code is mailed, then the confirm step.
sample({
  clock: [continued, codeResent],
  source: { problem: $problem, block: $block, busy: $busy },
  filter: ({ problem, block, busy }) => problem === null && block === null && !busy,
  fn: () => undefined,
  target: sendCodeMutation.start,
});

const $request = combine({ method: $method, addressId: $addressId, bankId: $bankId, amount: $amount, fee: $fee, code: $code });
sample({
  clock: confirmed,
  source: { request: $request, busy: $busy, step: $step },
  filter: ({ request, busy, step }) => step === 'confirm' && !busy && request.method === 'usdt' && request.amount !== null && request.fee !== null && request.addressId !== null && /^\d{6}$/.test(request.code),
  fn: ({ request }) => ({ body: { addressId: request.addressId!, amount: request.amount!.amount, fee: request.fee!, code: request.code } }),
  target: usdtMutation.start,
});
sample({
  clock: confirmed,
  source: { request: $request, busy: $busy, step: $step },
  filter: ({ request, busy, step }) => step === 'confirm' && !busy && request.method === 'sbp' && request.amount !== null && request.fee !== null && request.bankId !== null && /^\d{6}$/.test(request.code),
  fn: ({ request }) => ({ body: { bankId: request.bankId!, amount: request.amount!.amount, fee: request.fee!, code: request.code } }),
  target: sbpMutation.start,
});

// The address book: a new address (checked as typed, base58check) with its label.
sample({ clock: addAddressSubmitted, source: $newAddress, filter: (address) => !isTronAddress(address), fn: () => true, target: $newAddressInvalid });
sample({
  clock: addAddressSubmitted,
  source: { address: $newAddress, label: $newLabel },
  filter: ({ address, label }) => isTronAddress(address) && label.trim().length > 0,
  fn: ({ address, label }) => ({ body: { address, label: label.trim() } }),
  target: addAddressMutation.start,
});

const doneHapticFx = createEffect(() => haptic.notification('success'));
sample({ clock: [usdtMutation.finished.success, sbpMutation.finished.success], target: [walletRefetchRequested, transactionsReloadRequested, doneHapticFx] });
sample({ clock: [usdtMutation.finished.failure, sbpMutation.finished.failure], fn: () => undefined, target: optionsQuery.start });
