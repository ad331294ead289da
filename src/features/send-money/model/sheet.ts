/**
 * The send-money sheet's open state, on the wallet's page path (the sheet itself is a lazy chunk): opened empty (the
 * recipient step), for a payment code (a link or QR: the amount step) or for a payment request (the confirm step).
 */
import { createEvent, createStore } from 'effector';

export type SendMoneyTarget = { payCode: string } | { requestId: string } | null;

export const sendMoneyOpened = createEvent<SendMoneyTarget | void>();
export const sendMoneyClosed = createEvent();

export const $sendMoneyOpen = createStore(false)
  .on(sendMoneyOpened, () => true)
  .on(sendMoneyClosed, () => false);

/** Where the sheet opened for (null: choose a recipient). */
export const $sendMoneyTarget = createStore<SendMoneyTarget>(null).on(sendMoneyOpened, (_, target) => target ?? null);
