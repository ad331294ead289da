/**
 * /card-issue: the product catalogue with form/currency filters; picking and "Continue" are the
 * card-issue feature's (SPEC §5 "Please select a card product").
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { $products, productsRequested } from '@/entities/card-product';
import { $continueTo, $pickedProductId, pickNavigated, pickReset, productPicked } from '@/features/card/issue';
import { routePaths } from '@/shared/config';
import type { CardForm, Currency } from '@/shared/contract';
import { createPageLifecycle, navigateFx } from '@/shared/lib';

export type FormFilter = 'all' | CardForm;
export type CurrencyFilter = 'all' | Currency;

export const cardIssuePage = createPageLifecycle('cardIssuePage');
export const formFilterChanged = createEvent<FormFilter>();
export const currencyFilterChanged = createEvent<CurrencyFilter>();
export const productsRetried = createEvent();

sample({ clock: [cardIssuePage.opened, productsRetried], target: productsRequested });
sample({ clock: cardIssuePage.closed, target: pickReset });
// "Continue" with a product picked: its details.
const continued = sample({ clock: $continueTo, filter: (id): id is string => id !== null });
sample({ clock: continued, fn: (id) => ({ to: routePaths.cardIssueDetail(id) }), target: navigateFx });
sample({ clock: continued, target: pickNavigated });

export const $formFilter = createStore<FormFilter>('all').on(formFilterChanged, (_, value) => value);
export const $currencyFilter = createStore<CurrencyFilter>('all').on(currencyFilterChanged, (_, value) => value);

export const $visibleProducts = combine($products, $formFilter, $currencyFilter, (products, form, currency) =>
  products.filter((product) => (form === 'all' || product.form === form) && (currency === 'all' || product.currency === currency)),
);
/** Currencies that exist in the catalogue (the currency filter shows only when there is a choice). */
export const $currencies = $products.map((products) => [...new Set(products.map((product) => product.currency))].sort());

// A filter that hides the picked product clears the pick.
sample({
  clock: $visibleProducts,
  source: $pickedProductId,
  filter: (id, visible) => id !== null && !visible.some((product) => product.id === id),
  fn: () => null,
  target: productPicked,
});
