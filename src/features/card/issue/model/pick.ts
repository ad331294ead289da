/**
 * Choosing the product to issue (/card-issue): one product is picked, then "Continue" leads to its
 * details. "Continue" with nothing picked is SPEC §5 "Please select a card product".
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { $products } from '@/entities/card-product';

/** A product was picked (null: the pick was cleared, e.g. filtered out). */
export const productPicked = createEvent<string | null>();
export const pickContinued = createEvent();
/** The screen went to the picked product (clears the request). */
export const pickNavigated = createEvent();
export const pickReset = createEvent();

const $pickedId = createStore<string | null>(null).on(productPicked, (_, id) => id).reset(pickReset);
/** The picked product id, while it exists and can be issued. */
export const $pickedProductId = combine($pickedId, $products, (id, products) =>
  id !== null && products.some((product) => product.id === id && product.available) ? id : null,
);

/** "Please select a card product". */
export const $pickError = createStore(false).reset(productPicked, pickReset);
sample({ clock: pickContinued, source: $pickedProductId, fn: (id) => id === null, target: $pickError });

/** Where "Continue" leads (the page navigates, then fires `pickNavigated`). */
export const $continueTo = createStore<string | null>(null).reset(pickNavigated, pickReset);
sample({ clock: pickContinued, source: $pickedProductId, filter: (id): id is string => id !== null, target: $continueTo });
