/**
 * Issuing a card from a product (/card-issue/detail/:productId): initial deposit within the product's
 * range, a confirmation with everything the wallet will be charged, then POST /api/cards with the
 * Idempotency-Key of the intent (product + deposit), kept until a definitive answer (createIdempotentMutation).
 *
 * Users under verification (or whose verification failed) cannot issue cards (SPEC §1): the form says
 * why and the request is never sent. A missing product is "Please select a card product" (SPEC §5).
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { cardChanged, cardSettled, showCardFailureFx } from '@/entities/card';
import {
  $product,
  $productState,
  isProductMissingError,
  productRequested,
} from '@/entities/card-product';
import { createAddressForm } from '@/entities/delivery-address';
import { $moneyBlock, refreshOnAccountRefusal, userRequested, type MoneyBlock } from '@/entities/user';
import { createShortfall, walletRequested } from '@/entities/wallet';
import { createIdempotentMutation } from '@/shared/api';
import { cardsCreate, type Card } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import {
  checkAmount,
  CURRENCY_DIGITS,
  depositBounds,
  issueCharge,
  minorToDecimal,
  parseAmountInput,
  type AmountProblem,
  type IssueCharge,
} from '@/shared/money';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { guardClosing, hideKeyboardFx } from '@/shared/lib';
import { cardIssueTexts } from '../i18n/texts';

const createCardMutation = createIdempotentMutation(cardsCreate);

/** The screen opened for a product id from the route (null / empty: none chosen). */
export const issueFormOpened = createEvent<string | null>();
export const issueFormClosed = createEvent();
export const depositChanged = createEvent<string>();
/** "Issue card": validates, then asks for confirmation. */
export const issuePressed = createEvent();
export const confirmationClosed = createEvent();
/** "Confirm and pay" in the confirmation. */
export const issueConfirmed = createEvent();

const $productId = createStore<string | null>(null)
  .on(issueFormOpened, (_, id) => (id && id.trim() ? id : null))
  .reset(issueFormClosed);

sample({ clock: issueFormOpened, filter: (id): id is string => Boolean(id && id.trim()), target: productRequested });
sample({ clock: issueFormOpened, target: userRequested });
// The wallet pays: its balance is shown, and a shortfall stops the confirmation.
sample({ clock: issueFormOpened, target: walletRequested });

export const $depositInput = createStore('').on(depositChanged, (_, text) => text).reset(issueFormOpened, issueFormClosed);
/** Prefill the smallest allowed deposit once the product is known (the user can change it). */
sample({
  clock: $product.updates,
  source: { input: $depositInput, id: $productId },
  filter: ({ input, id }, product) => product !== null && product.id === id && input === '',
  fn: (_, product) => minorToDecimal(depositBounds(product!, 'initial').min.amount, CURRENCY_DIGITS[product!.currency]),
  target: $depositInput,
});

const $deposit = combine($depositInput, $product, (text, product) => parseAmountInput(text, product?.currency ?? 'USD'));
const $depositProblem = combine($product, $deposit, (product, deposit): AmountProblem | null =>
  product ? checkAmount(deposit, depositBounds(product, 'initial')) : null,
);
/** Errors show after the first "Issue card" press, then follow the typing. */
const $validationShown = createStore(false).on(issuePressed, () => true).reset(issueFormOpened, issueFormClosed);
export const $depositError = combine($validationShown, $depositProblem, (shown, problem) => (shown ? problem : null));

type IssueBlock = MoneyBlock;
/** Why this user cannot issue a card now: the one rule for money actions (entities/user `$moneyBlock`). */
export const $issueBlock = $moneyBlock;

/** SPEC §5 "Please select a card product": the issue action without a product. */
export const $selectionError = createStore(false).reset(issueFormOpened, issueFormClosed);
sample({ clock: issuePressed, source: $productId, fn: (id) => id === null, target: $selectionError });

export const $charge = combine($product, $deposit, $depositProblem, (product, deposit, problem): IssueCharge | null =>
  product && deposit.ok && problem === null ? issueCharge(product, deposit.amount) : null,
);

/** What the wallet lacks to pay the charge (null: enough, or not known yet — the server checks too). */
export const $shortfall = createShortfall($charge.map((charge) => charge?.total ?? null));

/** A physical card's delivery address (card controls): required and validated by the contract's rule per country. */
export const addressForm = createAddressForm();
export const $needsAddress = $product.map((product) => product?.form === 'physical');
const $addressOk = combine($needsAddress, addressForm.$valid, (needed, valid) => !needed || valid);
sample({ clock: [issueFormOpened, issueFormClosed], target: addressForm.reset });
sample({ clock: issuePressed, target: addressForm.validationShown });

export const $confirmationOpen = createStore(false).reset(confirmationClosed, issueFormOpened, issueFormClosed);
const validIssue = sample({
  clock: issuePressed,
  source: { id: $productId, productState: $productState, block: $issueBlock, charge: $charge, addressOk: $addressOk },
  filter: ({ id, productState, block, charge, addressOk }) => id !== null && productState === 'ready' && block === null && charge !== null && addressOk,
});
$confirmationOpen.on(validIssue, () => true);

// The Idempotency-Key belongs to the intent (this product, this deposit) and outlives the screen: confirming the
// same issue again after a lost answer — even after leaving the screen or reloading — replays it (shared/api).
sample({
  clock: issueConfirmed,
  source: {
    id: $productId,
    deposit: $deposit,
    charge: $charge,
    busy: createCardMutation.$pending,
    open: $confirmationOpen,
    block: $issueBlock,
    short: $shortfall,
    needsAddress: $needsAddress,
    address: addressForm.$value,
  },
  // Only from the confirmation, for an allowed user whose wallet can pay.
  filter: ({ id, charge, busy, open, block, short }) => id !== null && charge !== null && !busy && open && block === null && short === null,
  fn: ({ id, deposit, needsAddress, address }) => ({
    body: { productId: id!, initialDeposit: deposit.ok ? deposit.amount : 0, ...(needsAddress ? { deliveryAddress: address } : {}) },
  }),
  target: createCardMutation.start,
});

export const $issuing = createCardMutation.$pending;
/** Inside Telegram: "Close anyway?" while the issue is being confirmed or sent. */
const $issueGuarded = combine($confirmationOpen, createCardMutation.$pending, (open, busy) => open || busy);
guardClosing($issueGuarded);
// "Issue card" after the deposit: the keyboard goes (the confirmation is read, not typed).
sample({ clock: issuePressed, target: hideKeyboardFx });
/** The card just ordered: the page navigates to it. */
export const $issuedCard = createStore<Card | null>(null).reset(issueFormOpened, issueFormClosed);
$issuedCard.on(createCardMutation.finished.success, (_, { result }) => result);
$confirmationOpen.reset(createCardMutation.finished.success);
sample({ clock: createCardMutation.finished.success, fn: ({ result }) => result, target: cardChanged });
/** "Card ordered: the issuer is processing it" is true only until the card settles: then the toast goes. */
const orderedToastId = (cardId: string) => `card-ordered-${cardId}`;
const announceFx = createEffect((card: Card) => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardIssueTexts.ns}:done`), { id: orderedToastId(card.id), description: i18n.t(`${cardIssueTexts.ns}:doneText`) });
});
sample({ clock: createCardMutation.finished.success, fn: ({ result }) => result, target: announceFx });
const $announcedCardId = createStore<string | null>(null).on(announceFx, (_, card) => card.id);
const dismissOrderedFx = createEffect((cardId: string) => notify.dismiss(orderedToastId(cardId)));
sample({ clock: cardSettled, source: $announcedCardId, filter: (id, card) => id === card.id, fn: (id) => id!, target: dismissOrderedFx });
$announcedCardId.reset(dismissOrderedFx);

/** The product vanished between the screen and the request (404 / 409 PRODUCT_UNAVAILABLE). */
export const $productGone = createStore(false)
  .on(createCardMutation.finished.failure, (gone, { error }) => gone || isProductMissingError(error))
  .reset(issueFormOpened, issueFormClosed);

sample({
  clock: createCardMutation.finished.failure,
  fn: ({ error }) => ({ message: 'errors:cards.createFailed', error }),
  target: showCardFailureFx,
});
$confirmationOpen.reset(createCardMutation.finished.failure);
// Refused for the account state: refresh the profile so the screen explains it.
refreshOnAccountRefusal(createCardMutation);
