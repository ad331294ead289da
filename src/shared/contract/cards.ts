/**
 * Cards and card products (SPEC §3 Card / Card product, §4 statuses, §7 /api/cards*).
 * Field design, the sensitive-data crypto scheme and error codes: docs/api.md "Cards".
 */
import * as z from 'zod/mini';
import {
  Base64Url,
  Bps,
  Currency,
  defineEndpoint,
  Id,
  IdParams,
  MinorUnits,
  Money,
  PageQuery,
  page,
  PositiveMinorUnits,
  Timestamp,
} from './core';
import { DeliveryAddress } from './delivery-address';
import { historyFilterShape, periodInOrder } from './statements';

/** SPEC §4, plus the end of life (issue #14, docs/api.md "Card lifecycle"): closing → closed, blocking → blocked. */
export const CardStatus = z.enum([
  'active',
  'activating',
  'frozen',
  'freezing',
  'unfreezing',
  'pending',
  'inactive',
  'rejected',
  'processing',
  'fabricating',
  'failed',
  'closing',
  'closed',
  'blocking',
  'blocked',
]);
export type CardStatus = z.infer<typeof CardStatus>;
/** SPEC §3, exactly. */
export const CardScheme = z.enum(['visa', 'mastercard', 'unionPay', 'amex', 'discover', 'other']);
export type CardScheme = z.infer<typeof CardScheme>;
export const CardForm = z.enum(['virtual', 'physical']);
export type CardForm = z.infer<typeof CardForm>;
/** What the user may do with the card now; the server derives it from the status (SPEC §4 hides the rules). */
export const CardAction = z.enum(['activate', 'freeze', 'unfreeze', 'topup', 'reveal', 'withdraw', 'close', 'block', 'replace']);
export type CardAction = z.infer<typeof CardAction>;

export const Card = z.object({
  id: Id,
  status: CardStatus,
  /** Machine code of why the card is rejected/failed/inactive (docs/api.md), else null. */
  statusReason: z.nullable(z.string()),
  scheme: CardScheme,
  form: CardForm,
  currency: Currency,
  /** "•••• 1234"; null until the issuer has assigned a number (pending, processing). */
  maskedNumber: z.nullable(z.string().check(z.regex(/^•••• \d{4}$/))),
  last4: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  cardholderName: z.string(),
  /** Available balance in the card currency. */
  balance: Money,
  productId: Id,
  productName: z.string(),
  allowedActions: z.array(CardAction),
  /** The blocked card this one replaces, and the card that replaced this one (docs/api.md "Card lifecycle"). */
  replacesCardId: z.optional(z.nullable(Id)),
  replacedByCardId: z.optional(z.nullable(Id)),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Card = z.infer<typeof Card>;

export const CardBalance = z.object({
  cardId: Id,
  /** Spendable now. */
  available: Money,
  /** Authorised purchases not yet settled. */
  pending: Money,
  updatedAt: Timestamp,
});
export type CardBalance = z.infer<typeof CardBalance>;

// ── Products ───────────────────────────────────────────────────────────────────────────────────────

export const CardProduct = z.object({
  id: Id,
  /** name, description, requirements: catalogue content, localized by the server from Accept-Language. */
  name: z.string(),
  scheme: CardScheme,
  form: CardForm,
  currency: Currency,
  /** Total one-off price = creationFee + issuingFee (server guarantees the sum). */
  issueCost: Money,
  /** Our fee for creating the card. */
  creationFee: Money,
  /** The issuer's fee, passed through. */
  issuingFee: Money,
  /** Smallest initialDeposit accepted at issue. */
  minimalDeposit: Money,
  /** Charged on every top-up (and the initial deposit): fixed + ceil(amount × bps / 10 000). */
  depositFee: z.object({ bps: Bps, fixed: Money }),
  /** Bounds of one top-up amount (before fee). */
  depositRange: z.object({ min: Money, max: Money }),
  description: z.string(),
  requirements: z.array(z.string()),
  /** False: shown but cannot be issued now (create answers PRODUCT_UNAVAILABLE). */
  available: z.boolean(),
  imageUrl: z.nullable(z.url()),
});
export type CardProduct = z.infer<typeof CardProduct>;

export const CardProductsQuery = z.object({
  ...PageQuery.shape,
  form: z.optional(CardForm),
  scheme: z.optional(CardScheme),
  currency: z.optional(Currency),
});

// ── Trades and card transactions ───────────────────────────────────────────────────────────────────

/** An amount in any ISO 4217 currency, minor units by that currency's exponent (JPY 0, USD 2, KWD 3). */
export const ForeignMoney = z.object({ amount: MinorUnits, currency: z.string().check(z.regex(/^[A-Z]{3}$/)) });

export const TradeKind = z.enum(['purchase', 'refund']);
export const TradeStatus = z.enum(['pending', 'completed', 'declined', 'reversed']);
export type TradeStatus = z.infer<typeof TradeStatus>;

/** A purchase or refund at a merchant, as the issuer reports it. */
export const Trade = z.object({
  id: Id,
  cardId: Id,
  kind: TradeKind,
  merchant: z.object({
    /** Merchant descriptor as the network sends it; not localizable. */
    name: z.string(),
    /** ISO 18245 merchant category code. */
    mcc: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
    /** ISO 3166-1 alpha-2. */
    country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
  }),
  /** In the card currency, positive. */
  amount: Money,
  /** In the merchant's currency when it differs from the card's, else null. */
  originalAmount: z.nullable(ForeignMoney),
  status: TradeStatus,
  /** Code of why a purchase was declined, else null. */
  declineReason: z.nullable(z.string()),
  createdAt: Timestamp,
});
export type Trade = z.infer<typeof Trade>;

export const TradesQuery = z.object({
  ...PageQuery.shape,
  kind: z.optional(TradeKind),
  status: z.optional(TradeStatus),
});

export const CardTransactionType = z.enum(['issue', 'topup', 'purchase', 'refund', 'fee', 'reversal', 'withdrawal']);
export type CardTransactionType = z.infer<typeof CardTransactionType>;

/** A movement of the card balance (top-ups, fees, settled trades). */
export const CardTransaction = z.object({
  id: Id,
  cardId: Id,
  type: CardTransactionType,
  direction: z.enum(['credit', 'debit']),
  amount: Money,
  status: z.enum(['pending', 'completed', 'failed']),
  createdAt: Timestamp,
  /** Merchant descriptor for purchase/refund/reversal, else null; the client localizes the rest from `type`. */
  merchantName: z.nullable(z.string()),
  /** The trade behind a purchase/refund/reversal. */
  tradeId: z.nullable(Id),
  /** The wallet transaction behind a topup/issue. */
  walletTransactionId: z.nullable(Id),
});
export type CardTransaction = z.infer<typeof CardTransaction>;

export const CardTransactionsQuery = z
  .object({
    ...PageQuery.shape,
    type: z.optional(CardTransactionType),
    /** Period and search by amount or merchant (statements.ts `historyFilterShape`). */
    ...historyFilterShape,
  })
  .check(periodInOrder);

// ── Requests ───────────────────────────────────────────────────────────────────────────────────────

export const CardsListQuery = z.object({
  ...PageQuery.shape,
  status: z.optional(CardStatus),
  form: z.optional(CardForm),
});

export const CreateCardBody = z.strictObject({
  productId: Id,
  /** Minor units of the product currency; ≥ minimalDeposit and within depositRange. */
  initialDeposit: PositiveMinorUnits,
  /** Required for a physical product, refused for a virtual one (docs/api.md "Card controls"). */
  deliveryAddress: z.optional(DeliveryAddress),
});

/** Physical-card activation code from the card's envelope: 6 digits. */
export const ActivationCode = z.string().check(z.regex(/^\d{6}$/));
export const ActivateCardBody = z.strictObject({ cardId: Id, activationCode: ActivationCode });

export const CardStatusBody = z.strictObject({ action: z.enum(['freeze', 'unfreeze']) });

/** A public ECDH P-256 key as WebCrypto exports it (`ext`/`key_ops` are allowed and ignored). */
export const EcP256PublicJwk = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: Base64Url.check(z.length(43)),
  y: Base64Url.check(z.length(43)),
});
export const SensitiveBody = z.strictObject({ cardId: Id, publicKey: EcP256PublicJwk });

/** docs/api.md "Sensitive card data": ECDH P-256 → HKDF-SHA-256 → AES-256-GCM. */
export const SENSITIVE_ALGORITHM = 'ECDH-ES-P256+HKDF-SHA256+A256GCM';
export const SENSITIVE_HKDF_INFO = 'card-sensitive-v1';
export const SensitiveData = z.object({
  algorithm: z.literal(SENSITIVE_ALGORITHM),
  /** The issuer's one-time key. */
  ephemeralPublicKey: EcP256PublicJwk,
  /** 12 bytes. */
  iv: Base64Url,
  /** AES-GCM output (ciphertext ‖ 16-byte tag); additional data = UTF-8 of the card id. */
  ciphertext: Base64Url,
  /** Hide the decrypted data after this time. */
  expiresAt: Timestamp,
});
export type SensitiveData = z.infer<typeof SensitiveData>;

/** The decrypted plaintext (JSON, UTF-8). Never sent in clear, never stored by our server. */
export const SensitivePlaintext = z.object({
  pan: z.string().check(z.regex(/^\d{12,19}$/)),
  expiryMonth: z.int().check(z.minimum(1), z.maximum(12)),
  /** Four digits, e.g. 2029. */
  expiryYear: z.int().check(z.minimum(2000), z.maximum(2100)),
  cvv: z.string().check(z.regex(/^\d{3,4}$/)),
  cardholderName: z.string(),
});
export type SensitivePlaintext = z.infer<typeof SensitivePlaintext>;

export const TopUpBody = z.strictObject({
  /** Minor units credited to the card (fee comes on top, from the wallet). */
  amount: PositiveMinorUnits,
  /** Optional guard: must equal the card currency (CURRENCY_MISMATCH otherwise). */
  currency: z.optional(Currency),
});

export const TopUpResult = z.object({
  card: Card,
  transfer: z.object({
    id: Id,
    /** Credited to the card. */
    amount: Money,
    fee: Money,
    /** Debited from the wallet = amount + fee. */
    total: Money,
    status: z.enum(['pending', 'completed', 'failed']),
    createdAt: Timestamp,
  }),
});
export type TopUpResult = z.infer<typeof TopUpResult>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────────────

const CardIdParams = z.object({ card_id: Id });

export const cardsList = defineEndpoint({
  id: 'cards.list',
  method: 'GET',
  path: '/api/cards',
  auth: 'bearer',
  tag: 'cards',
  summary: "The user's cards, newest first.",
  query: CardsListQuery,
  response: page(Card),
});

export const cardsCreate = defineEndpoint({
  id: 'cards.create',
  method: 'POST',
  path: '/api/cards',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'cards',
  summary: 'Issue a card from a product; charges issueCost + initialDeposit + deposit fee. Answers the card (pending).',
  body: CreateCardBody,
  response: Card,
});

export const cardsGet = defineEndpoint({
  id: 'cards.get',
  method: 'GET',
  path: '/api/cards/{id}',
  auth: 'bearer',
  tag: 'cards',
  summary: 'One card (masked).',
  params: IdParams,
  response: Card,
});

export const cardsBalance = defineEndpoint({
  id: 'cards.balance',
  method: 'GET',
  path: '/api/cards/{id}/balance',
  auth: 'bearer',
  tag: 'cards',
  summary: "The card's live balance from the issuer.",
  params: IdParams,
  response: CardBalance,
});

export const cardsTrades = defineEndpoint({
  id: 'cards.trades',
  method: 'GET',
  path: '/api/cards/{card_id}/trades',
  auth: 'bearer',
  tag: 'cards',
  summary: 'Purchases and refunds at merchants, newest first.',
  params: CardIdParams,
  query: TradesQuery,
  response: page(Trade),
});

export const cardsTransactions = defineEndpoint({
  id: 'cards.transactions',
  method: 'GET',
  path: '/api/cards/{id}/transactions',
  auth: 'bearer',
  tag: 'cards',
  summary: 'Movements of the card balance, newest first.',
  params: IdParams,
  query: CardTransactionsQuery,
  response: page(CardTransaction),
});

export const cardsActivate = defineEndpoint({
  id: 'cards.activate',
  method: 'POST',
  path: '/api/cards/activate',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'cards',
  summary: 'Activate a physical card with the code from its envelope. Answers the card (activating).',
  body: ActivateCardBody,
  response: Card,
});

export const cardsUpdateStatus = defineEndpoint({
  id: 'cards.updateStatus',
  method: 'PATCH',
  path: '/api/cards/{id}/status',
  auth: 'bearer',
  // Freezing stays open to every signed-in owner (a safety action); unfreezing lets money move again.
  requires: [{ guard: 'verified', when: ({ body }) => body.action === 'unfreeze' }],
  idempotent: true,
  tag: 'cards',
  summary: 'Freeze or unfreeze. Answers the card (freezing/unfreezing).',
  params: IdParams,
  body: CardStatusBody,
  response: Card,
});

export const cardsSensitive = defineEndpoint({
  id: 'cards.sensitive',
  method: 'POST',
  path: '/api/cards/sensitive',
  auth: 'bearer',
  requires: ['verified', 'step-up'],
  tag: 'cards',
  summary: 'Card number, expiry and CVV, encrypted by the issuer to the client key. The server cannot read them.',
  body: SensitiveBody,
  response: SensitiveData,
});

export const cardsTopUp = defineEndpoint({
  id: 'cards.topUp',
  method: 'POST',
  path: '/api/cards/{id}/topup',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'cards',
  summary: 'Move money from the wallet to the card.',
  params: IdParams,
  body: TopUpBody,
  response: TopUpResult,
});

export const cardsProducts = defineEndpoint({
  id: 'cards.products',
  method: 'GET',
  path: '/api/cards/products',
  auth: 'bearer',
  tag: 'cards',
  summary: 'Card products that can be issued.',
  query: CardProductsQuery,
  response: page(CardProduct),
});

export const cardsProduct = defineEndpoint({
  id: 'cards.product',
  method: 'GET',
  path: '/api/cards/products/{id}',
  auth: 'bearer',
  tag: 'cards',
  summary: 'One card product (PRODUCT_NOT_FOUND if unknown or no longer offered).',
  params: IdParams,
  response: CardProduct,
});

/** The cards endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const cardsEndpoints = {
  'cards.list': cardsList,
  'cards.create': cardsCreate,
  'cards.get': cardsGet,
  'cards.balance': cardsBalance,
  'cards.trades': cardsTrades,
  'cards.transactions': cardsTransactions,
  'cards.activate': cardsActivate,
  'cards.updateStatus': cardsUpdateStatus,
  'cards.sensitive': cardsSensitive,
  'cards.topUp': cardsTopUp,
  'cards.products': cardsProducts,
  'cards.product': cardsProduct,
} as const;
