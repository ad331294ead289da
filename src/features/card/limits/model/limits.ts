/**
 * Spending limits of the opened card (GET/PATCH /api/cards/{id}/limits): per purchase and per calendar month in
 * UTC, in the card's currency. The issuer enforces them; a purchase over one is declined with the reason, shown in
 * the card's history (entities/card CardTradeRow). Empty input = no limit.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $openedCardId, cardClosed, cardDataInvalidated } from '@/entities/card';
import { createApiMutation, createApiQuery, createRefetch } from '@/shared/api';
import { cardsLimits, cardsSetLimits, type CardLimits, type Currency } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { CURRENCY_DIGITS, minorToDecimal, parseAmountInput } from '@/shared/money';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { cardLimitsTexts } from '../i18n/texts';

const limitsQuery = createApiQuery(cardsLimits);
const setLimitsMutation = createApiMutation(cardsSetLimits);
const reloadLimits = createRefetch(limitsQuery, 'cards.limits.reload');

/** The opened card's limits (never another card's). */
export const $limits = combine(limitsQuery.$data, $openedCardId, (limits, id) => (limits && limits.cardId === id ? limits : null));
const $limitsFailed = combine(limitsQuery.$error, $limits, (error, limits) => error !== null && limits === null);

sample({ clock: $openedCardId, filter: (id): id is string => id !== null, fn: (id) => ({ params: { id: id as string } }), target: limitsQuery.start });
// A purchase or a refund changes what was spent this month.
sample({
  clock: cardDataInvalidated,
  source: $openedCardId,
  filter: (opened, id): opened is string => opened !== null && (id === null || id === opened),
  fn: (id) => ({ params: { id: id as string } }),
  target: reloadLimits,
});

type LimitProblem = 'invalid' | 'perPurchaseAboveMonthly';

export const limitsEditOpened = createEvent();
export const limitsEditClosed = createEvent();
export const perPurchaseChanged = createEvent<string>();
export const monthlyChanged = createEvent<string>();
export const limitsSaved = createEvent();
/** "Remove limits": both cleared at once. */
export const limitsCleared = createEvent();

export const $editOpen = createStore(false)
  .on(limitsEditOpened, () => true)
  .reset(limitsEditClosed, cardClosed, setLimitsMutation.finished.success);

const decimalOf = (money: { amount: number; currency: Currency } | null) => (money ? minorToDecimal(money.amount, CURRENCY_DIGITS[money.currency]) : '');
export const $perPurchaseInput = createStore('').on(perPurchaseChanged, (_, text) => text);
export const $monthlyInput = createStore('').on(monthlyChanged, (_, text) => text);
sample({ clock: limitsEditOpened, source: $limits, fn: (limits) => decimalOf(limits?.perPurchase ?? null), target: $perPurchaseInput });
sample({ clock: limitsEditOpened, source: $limits, fn: (limits) => decimalOf(limits?.monthly ?? null), target: $monthlyInput });

const $currency = $limits.map((limits): Currency => limits?.spentThisMonth.currency ?? 'USD');

/** Typed text → minor units, null for "no limit" (empty), or a problem. */
export function parseLimit(text: string, currency: Currency): { ok: true; amount: number | null } | { ok: false } {
  if (text.trim() === '') return { ok: true, amount: null };
  const parsed = parseAmountInput(text, currency);
  return parsed.ok && parsed.amount > 0 ? { ok: true, amount: parsed.amount } : { ok: false };
}

const $parsed = combine($perPurchaseInput, $monthlyInput, $currency, (perPurchase, monthly, currency) => ({
  perPurchase: parseLimit(perPurchase, currency),
  monthly: parseLimit(monthly, currency),
}));
const $shown = createStore(false).on(limitsSaved, () => true).reset(limitsEditOpened, limitsEditClosed);
const $problems = $parsed.map(({ perPurchase, monthly }) => {
  const problems: { perPurchase: LimitProblem | null; monthly: LimitProblem | null } = {
    perPurchase: perPurchase.ok ? null : 'invalid',
    monthly: monthly.ok ? null : 'invalid',
  };
  if (perPurchase.ok && monthly.ok && perPurchase.amount !== null && monthly.amount !== null && perPurchase.amount > monthly.amount) {
    problems.perPurchase = 'perPurchaseAboveMonthly';
  }
  return problems;
});
export const $limitErrors = combine($shown, $problems, (shown, problems) => (shown ? problems : { perPurchase: null, monthly: null }));
export const $saving = setLimitsMutation.$pending;

sample({
  clock: limitsSaved,
  source: { limits: $limits, parsed: $parsed, problems: $problems, busy: $saving },
  filter: ({ limits, problems, busy, parsed }) => limits !== null && !busy && !problems.perPurchase && !problems.monthly && parsed.perPurchase.ok && parsed.monthly.ok,
  fn: ({ limits, parsed }) => ({
    params: { id: limits!.cardId },
    body: { perPurchase: parsed.perPurchase.ok ? parsed.perPurchase.amount : null, monthly: parsed.monthly.ok ? parsed.monthly.amount : null },
  }),
  target: setLimitsMutation.start,
});
sample({
  clock: limitsCleared,
  source: { limits: $limits, busy: $saving },
  filter: ({ limits, busy }) => limits !== null && !busy,
  fn: ({ limits }) => ({ params: { id: limits!.cardId }, body: { perPurchase: null, monthly: null } }),
  target: setLimitsMutation.start,
});

// The answer is the new limits; the query reloads past its cache so every reader sees them.
sample({ clock: setLimitsMutation.finished.success, fn: ({ params }) => ({ params: params.params }), target: reloadLimits });
const savedFx = createEffect((limits: CardLimits) => {
  haptic.notification('success');
  const cleared = limits.perPurchase === null && limits.monthly === null;
  void notify.success(i18n.t(cleared ? `${cardLimitsTexts.ns}:clearedToast` : `${cardLimitsTexts.ns}:savedToast`));
});
sample({ clock: setLimitsMutation.finished.success, fn: ({ result }) => result, target: savedFx });
const failedFx = createEffect(() => {
  haptic.notification('error');
  void notify.error(i18n.t(`${cardLimitsTexts.ns}:saveFailed`));
});
sample({ clock: setLimitsMutation.finished.failure, target: failedFx });
