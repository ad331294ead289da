import type { CardForm, CardProduct, cardsProduct, cardsProducts, CardScheme } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import type { DepositFeeRule } from '@/shared/money';
import type { Db, Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor';
import { pickText } from './language';
import type { RequestLanguage } from '../../http/language';

type Texts<T> = Partial<Record<RequestLanguage, T>>;

interface ProductRow extends Record<string, unknown> {
  id: string;
  scheme: CardScheme;
  form: CardForm;
  currency: Currency;
  creation_fee: number;
  issuing_fee: number;
  minimal_deposit: number;
  deposit_fee_bps: number;
  deposit_fee_fixed: number;
  deposit_min: number;
  deposit_max: number;
  name: Texts<string>;
  description: Texts<string>;
  requirements: Texts<string[]>;
  image_url: string | null;
  available: boolean;
  retired_at: Date | null;
  sort_order: number;
}

/** A product as the server computes with it (prices in minor units of `currency`). */
export interface ProductRecord {
  id: string;
  scheme: CardScheme;
  form: CardForm;
  currency: Currency;
  creationFee: number;
  issuingFee: number;
  /** creationFee + issuingFee. */
  issueCost: number;
  minimalDeposit: number;
  depositFeeBps: number;
  depositFeeFixed: number;
  depositMin: number;
  depositMax: number;
  available: boolean;
  names: Texts<string>;
  row: ProductRow;
}

const toRecord = (row: ProductRow): ProductRecord => ({
  id: row.id,
  scheme: row.scheme,
  form: row.form,
  currency: row.currency,
  creationFee: row.creation_fee,
  issuingFee: row.issuing_fee,
  issueCost: row.creation_fee + row.issuing_fee,
  minimalDeposit: row.minimal_deposit,
  depositFeeBps: row.deposit_fee_bps,
  depositFeeFixed: row.deposit_fee_fixed,
  depositMin: row.deposit_min,
  depositMax: row.deposit_max,
  available: row.available,
  names: row.name,
  row,
});

/** The product's deposit fee rule for `depositFee` of `@/shared/money` (docs/api.md: fixed + ceil(amount × bps / 10 000)). */
export const depositFeeRule = (product: Pick<ProductRecord, 'depositFeeBps' | 'depositFeeFixed'>): DepositFeeRule => ({
  bps: product.depositFeeBps,
  fixed: product.depositFeeFixed,
});

export const productName = (product: ProductRecord, lang: RequestLanguage): string => pickText(product.names, lang, product.id);

const toCardProduct = (product: ProductRecord, lang: RequestLanguage): CardProduct => {
  const money = (amount: number) => ({ amount, currency: product.currency });
  return {
    id: product.id,
    name: productName(product, lang),
    scheme: product.scheme,
    form: product.form,
    currency: product.currency,
    issueCost: money(product.issueCost),
    creationFee: money(product.creationFee),
    issuingFee: money(product.issuingFee),
    minimalDeposit: money(product.minimalDeposit),
    depositFee: { bps: product.depositFeeBps, fixed: money(product.depositFeeFixed) },
    depositRange: { min: money(product.depositMin), max: money(product.depositMax) },
    description: pickText(product.row.description, lang, ''),
    requirements: pickText(product.row.requirements, lang, []),
    available: product.available,
    imageUrl: product.row.image_url,
  };
};

export const productNotFound = () =>
  catalogError('PRODUCT_NOT_FOUND', 'Product Not Found: the requested card product could not be found or is no longer available.');

/** A product that is offered (not retired), or null. */
export const findProduct = async (q: Queryable, id: string): Promise<ProductRecord | null> => {
  const [row] = await q.query<ProductRow>('SELECT * FROM card_products WHERE id = $1 AND retired_at IS NULL', [id]);
  return row ? toRecord(row) : null;
};

/** Any product, retired ones included (cards keep pointing at the product they were issued from). */
export const findProductIncludingRetired = async (q: Queryable, id: string): Promise<ProductRecord | null> => {
  const [row] = await q.query<ProductRow>('SELECT * FROM card_products WHERE id = $1', [id]);
  return row ? toRecord(row) : null;
};

/** What the catalogue's use cases work with. */
interface ProductsDeps {
  db: Db;
}
type ProductsRequest<E extends AnyEndpoint> = RequestContext<E, ProductsDeps>;

/** Offered products (available or temporarily not), catalogue order. */
export const listProducts = async ({ db, query, lang }: ProductsRequest<typeof cardsProducts>): Promise<{ items: CardProduct[]; nextCursor: string | null }> => {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor(query.cursor, ['number', 'string'] as const);
  const rows = await db.query<ProductRow>(
    `SELECT * FROM card_products
     WHERE retired_at IS NULL
       AND ($1::text IS NULL OR form = $1) AND ($2::text IS NULL OR scheme = $2) AND ($3::text IS NULL OR currency = $3)
       AND ($4::int IS NULL OR (sort_order, id) > ($4::int, $5::text))
     ORDER BY sort_order, id
     LIMIT $6`,
    [query.form ?? null, query.scheme ?? null, query.currency ?? null, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toCardProduct(toRecord(row), lang)),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sort_order, last.id]) : null,
  };
};

/** 404 PRODUCT_NOT_FOUND ("Product Not Found") for unknown and retired products. */
export const getProduct = async ({ db, params, lang }: ProductsRequest<typeof cardsProduct>): Promise<CardProduct> => {
  const product = await findProduct(db, params.id);
  if (!product) throw productNotFound();
  return toCardProduct(product, lang);
};
