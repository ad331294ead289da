/** The request-money sheet's open state, on the wallet's page path (the sheet is a lazy chunk). */
import { createEvent, createStore } from 'effector';

export const requestMoneyOpened = createEvent();
export const requestMoneyClosed = createEvent();
export const $requestMoneyOpen = createStore(false)
  .on(requestMoneyOpened, () => true)
  .on(requestMoneyClosed, () => false);
