/**
 * /card-issue: the product catalogue with form/currency filters. The user picks a product and continues
 * to its details; "Continue" without a pick says "Please select a card product" (SPEC §5).
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { $products, productsRequested } from '@/entities/card-product';
import type { CardForm, Currency } from '@/shared/contract';

export type FormFilter = 'all' | CardForm;
export type CurrencyFilter = 'all' | Currency;

export const CardIssueGate = createGate({ name: 'CardIssueGate' });
export const formFilterChanged = createEvent<FormFilter>();
export const currencyFilterChanged = createEvent<CurrencyFilter>();
export const productSelected = createEvent<string>();
export const continuePressed = createEvent();
/** The page navigated to the chosen product. */
export const navigated = createEvent();
export const productsRetried = createEvent();

sample({ clock: [CardIssueGate.open, productsRetried], target: productsRequested });

export const $formFilter = createStore<FormFilter>('all').on(formFilterChanged, (_, value) => value);
export const $currencyFilter = createStore<CurrencyFilter>('all').on(currencyFilterChanged, (_, value) => value);

export const $visibleProducts = combine($products, $formFilter, $currencyFilter, (products, form, currency) =>
  products.filter((product) => (form === 'all' || product.form === form) && (currency === 'all' || product.currency === currency)),
);
/** Currencies that exist in the catalogue (the currency filter shows only when there is a choice). */
export const $currencies = $products.map((products) => [...new Set(products.map((product) => product.currency))].sort());

const $pickedId = createStore<string | null>(null).on(productSelected, (_, id) => id).reset(CardIssueGate.close);
/** The picked product, if it is still visible and can be issued. */
export const $selectedId = combine($pickedId, $visibleProducts, (id, visible) =>
  id !== null && visible.some((product) => product.id === id && product.available) ? id : null,
);

export const $selectionError = createStore(false).reset(productSelected, CardIssueGate.close);
sample({ clock: continuePressed, source: $selectedId, fn: (id) => id === null, target: $selectionError });

/** Where to go after "Continue" (the page navigates, then fires `navigated`). */
export const $goTo = createStore<string | null>(null).reset(navigated, CardIssueGate.close);
sample({ clock: continuePressed, source: $selectedId, filter: (id): id is string => id !== null, target: $goTo });
