/**
 * USDT (TRC20) top-up sheet: the shared deposit address with its QR code, the exact amount to send (whole
 * USDT + the user's 6-digit tag as decimals), copy buttons with toast + haptic feedback.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $usdtConfig } from '@/entities/app-config';
import { transactionsReloadRequested } from '@/entities/transaction';
import { $usdtDepositTag, walletRefetchRequested } from '@/entities/wallet';
import { i18n } from '@/shared/i18n';
import { writeClipboard } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { usdtCredit } from '@/shared/money';
import { topUpUsdtTexts } from '../i18n/texts';
import { checkUsdtAmount, usdtExactAmount } from '../lib/usdt-amount';
import { $usdtTopUpOpen } from './sheet';

export { usdtTopUpOpened, usdtTopUpClosed, $usdtTopUpOpen, openedHapticFx } from './sheet';

export type UsdtCopyTarget = 'address' | 'amount';

export const usdtAmountChanged = createEvent<string>();
export const usdtCopyRequested = createEvent<UsdtCopyTarget>();
/** "I've sent it": close and look for the deposit (it shows as pending while it confirms). */
export const usdtTransferSent = createEvent();

$usdtTopUpOpen.on(usdtTransferSent, () => false);
export const $usdtAmountText = createStore('')
  .on(usdtAmountChanged, (_, text) => text)
  .reset(usdtTransferSent);

export const $usdtAmountCheck = combine($usdtAmountText, $usdtConfig, (text, config) => checkUsdtAmount(text, config?.minDeposit ?? null));
/** The exact amount to send ("100.012345"), once the amount is valid and the tag is known. */
export const $usdtExactAmount = combine($usdtAmountCheck, $usdtDepositTag, (check, tag) =>
  check.status === 'ok' && tag ? usdtExactAmount(check.whole, tag) : null,
);

/** What sending exactly that amount credits (USD, rounded down to the cent) and the sub-cent rest that is not credited. */
export const $usdtCredit = $usdtExactAmount.map((exact) => (exact ? usdtCredit(exact) : null));

export const copyToClipboardFx = createEffect<{ target: UsdtCopyTarget; text: string }, void>(({ text }) => writeClipboard(text));
export const feedbackFx = createEffect<{ kind: 'success' | 'error'; messageKey: string }, void>(({ kind, messageKey }) => {
  haptic.notification(kind);
  void notify[kind](i18n.t(messageKey));
});

sample({
  clock: usdtCopyRequested,
  source: { config: $usdtConfig, exact: $usdtExactAmount },
  filter: ({ config, exact }, target) => (target === 'address' ? config !== null : exact !== null),
  fn: ({ config, exact }, target) => ({ target, text: target === 'address' ? config!.depositAddress : exact! }),
  target: copyToClipboardFx,
});
sample({
  clock: copyToClipboardFx.done,
  fn: ({ params }) => ({ kind: 'success' as const, messageKey: `${topUpUsdtTexts.ns}:copied.${params.target}` }),
  target: feedbackFx,
});
sample({
  clock: copyToClipboardFx.fail,
  fn: () => ({ kind: 'error' as const, messageKey: 'errors:referral.copyFailed' }),
  target: feedbackFx,
});

sample({ clock: usdtTransferSent, target: [walletRefetchRequested, transactionsReloadRequested] });
