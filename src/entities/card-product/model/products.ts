/**
 * Card products (GET /api/cards/products, GET /api/cards/products/{id}): the catalogue the issue screens
 * show. Both are ordinary cached queries (SPEC §9). "Product Not Found" (SPEC §8) covers an unknown id,
 * a retired product (404 PRODUCT_NOT_FOUND), a malformed id (400) and a product listed as unavailable.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { createApiQuery, errorMessageOf, isApiError, queryState } from '@/shared/api';
import { cardsProduct, cardsProducts, type CardProduct } from '@/shared/contract';

/** Products are few (a catalogue); one page of up to 100 holds them all. */
const PRODUCTS_PAGE_LIMIT = 100;

const productsQuery = createApiQuery(cardsProducts);
const productQuery = createApiQuery(cardsProduct);

/** Load the catalogue (cached). */
export const productsRequested = createEvent();
/** Load one product (cached) for the detail screen. */
export const productRequested = createEvent<string>();

export const $products = productsQuery.$data.map((page): CardProduct[] => page?.items ?? []);
export const $productsState = queryState(productsQuery);
export const $productsError = errorMessageOf(productsQuery, 'errors:cards.fetchProductsFailed');

sample({ clock: productsRequested, fn: () => ({ query: { limit: PRODUCTS_PAGE_LIMIT } }), target: productsQuery.start });

/** The id the detail screen asked for (the query may still hold another product). */
const $requestedProductId = createStore<string | null>(null).on(productRequested, (_, id) => id);
sample({ clock: productRequested, fn: (id) => ({ params: { id } }), target: productQuery.start });

/** An error that means "this product does not exist (for you)". */
export const isProductMissingError = (error: unknown): boolean =>
  isApiError(error) &&
  error.kind === 'http' &&
  (error.code === 'PRODUCT_NOT_FOUND' || error.code === 'PRODUCT_UNAVAILABLE' || error.code === 'NOT_FOUND' || error.code === 'VALIDATION_ERROR');

/** The requested product, once loaded (null while loading, on error, or for another id). */
export const $product = combine(productQuery.$data, $requestedProductId, (product, id) => (product && product.id === id ? product : null));

export type ProductState = 'pending' | 'ready' | 'notFound' | 'error';

export const $productState = combine(
  $product,
  queryState(productQuery),
  productQuery.$error,
  (product, state, error): ProductState => {
    if (product) return product.available ? 'ready' : 'notFound';
    if (state === 'error') return isProductMissingError(error) ? 'notFound' : 'error';
    return 'pending';
  },
);
export const $productError = errorMessageOf(productQuery, 'errors:cards.fetchProductsFailed');
