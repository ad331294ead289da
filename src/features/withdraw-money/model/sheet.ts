/** The withdraw sheet's open state, on the wallet's page path (the sheet is a lazy chunk). */
import { createEvent, createStore } from 'effector';

export const withdrawOpened = createEvent();
export const withdrawClosed = createEvent();
export const $withdrawOpen = createStore(false)
  .on(withdrawOpened, () => true)
  .on(withdrawClosed, () => false);
