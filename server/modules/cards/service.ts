import type {
  Card,
  CardBalance,
  CardForm,
  CardStatus,
  CardTransaction,
  CardTransactionType,
  SensitiveData,
  TopUpResult,
  Trade,
  TradeStatus,
} from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import {
  importClientPublicKey,
  InvalidPublicKeyError,
  IssuerRequestError,
  IssuerUnavailableError,
  type CardIssuer,
} from '../../adapters/card-issuer';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { enqueueJob } from '../../jobs';
import { accountIds, runLedgerTx } from '../ledger';
import {
  cursorDate,
  decodeCursor,
  DEFAULT_PAGE_SIZE,
  depositFee,
  encodeCursor,
  findProduct,
  findProductIncludingRetired,
  pickText,
  productName,
  productNotFound,
  type CatalogLanguage,
  type ProductRecord,
} from '../products';
import { CARD_JOBS, CARD_LIMITS } from './limits';
import { cardBalance, chargeIssue, chargeTopup } from './money';
import { checkAction } from './status-machine';
import { changeStatus, embossedName, formatMoney, newId, ownedCard, toCard, type CardRow, type TopupRow } from './store';
import { requireVerifiedUser } from './verification';

export interface CardsServiceOptions {
  db: Db;
  clock: Clock;
  issuer: CardIssuer;
  /** What GET /api/config publishes (config.cards); defaults from CARD_LIMITS. */
  limits?: { maxCards: number; sensitiveDataTtlSeconds: number };
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const conflict = (message: string) => catalogError('CARD_STATUS_CONFLICT', message);

/** Issuer trouble during a request the user waits for → 503 / 502 in the envelope, never a 500. */
const issuerCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IssuerUnavailableError) {
      throw catalogError('UPSTREAM_UNAVAILABLE', 'The card issuer is not answering right now. Please try again in a minute.', {
        headers: { 'retry-after': '30' },
      });
    }
    if (error instanceof IssuerRequestError) throw catalogError('ISSUER_ERROR', `The card issuer refused the request (${error.code}). Please contact support.`);
    throw error;
  }
};

const depositRange = (product: ProductRecord, initial: boolean) => ({
  min: initial ? Math.max(product.minimalDeposit, product.depositMin) : product.depositMin,
  max: product.depositMax,
});

const keysetAfter = (cursor: string | undefined) => {
  const after = decodeCursor(cursor, ['string', 'string'] as const);
  return after ? { at: cursorDate(after[0]), id: after[1] } : null;
};

const pageOf = <R extends { created_at: Date; id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> => {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null,
  };
};

export class CardsService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly issuer: CardIssuer;
  private readonly limits: { maxCards: number; sensitiveDataTtlSeconds: number };

  constructor(options: CardsServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.issuer = options.issuer;
    this.limits = options.limits ?? { maxCards: CARD_LIMITS.maxCards, sensitiveDataTtlSeconds: CARD_LIMITS.sensitiveDataTtlSeconds };
  }

  // ── Views ───────────────────────────────────────────────────────────────────────────────────────

  private async views(q: Queryable, rows: CardRow[], lang: CatalogLanguage): Promise<Card[]> {
    const names = new Map<string, string>();
    for (const productId of new Set(rows.map((row) => row.product_id))) {
      const product = await findProductIncludingRetired(q, productId);
      names.set(productId, product ? productName(product, lang) : productId);
    }
    const cards: Card[] = [];
    for (const row of rows) {
      cards.push(toCard(row, { productName: names.get(row.product_id) ?? row.product_id, balance: await cardBalance(q, row.id) }));
    }
    return cards;
  }

  private async view(q: Queryable, row: CardRow, lang: CatalogLanguage): Promise<Card> {
    const [card] = await this.views(q, [row], lang);
    return card!;
  }

  // ── Reads (owner only; another user's card is "not found") ─────────────────────────────────────

  async list(userId: string, query: { status?: CardStatus; form?: CardForm; cursor?: string; limit?: number }, lang: CatalogLanguage): Promise<Page<Card>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = keysetAfter(query.cursor);
    // One statement (a hot read): each card with its product's names and its ledger balance (the card account's id
    // is accountIds.card(card id), i.e. the prefix $7 + the id).
    const rows = await this.db.query<CardRow & { product_names: ProductRecord['names'] | null; account_balance: number | null }>(
      `SELECT c.*, p.name AS product_names, a.balance AS account_balance
       FROM cards c
       LEFT JOIN card_products p ON p.id = c.product_id
       LEFT JOIN ledger_accounts a ON a.id = $7::text || c.id
       WHERE c.user_id = $1 AND ($2::text IS NULL OR c.status = $2) AND ($3::text IS NULL OR c.form = $3)
         AND ($4::timestamptz IS NULL OR (c.created_at, c.id) < ($4::timestamptz, $5::text))
       ORDER BY c.created_at DESC, c.id DESC LIMIT $6`,
      [userId, query.status ?? null, query.form ?? null, after?.at ?? null, after?.id ?? null, limit + 1, accountIds.card('')],
    );
    return pageOf(rows, limit, (row) =>
      toCard(row, { productName: pickText(row.product_names, lang, row.product_id), balance: row.account_balance ?? 0 }),
    );
  }

  async get(userId: string, cardId: string, lang: CatalogLanguage): Promise<Card> {
    return this.view(this.db, await ownedCard(this.db, userId, cardId), lang);
  }

  async balance(userId: string, cardId: string): Promise<CardBalance> {
    const card = await ownedCard(this.db, userId, cardId);
    const money = (amount: number) => ({ amount, currency: card.currency });
    // The sandbox settles trades at once, so nothing is ever authorised-but-unsettled.
    return { cardId: card.id, available: money(await cardBalance(this.db, card.id)), pending: money(0), updatedAt: this.clock.now().toISOString() };
  }

  async trades(userId: string, cardId: string, query: { kind?: 'purchase' | 'refund'; status?: TradeStatus; cursor?: string; limit?: number }): Promise<Page<Trade>> {
    const card = await ownedCard(this.db, userId, cardId);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = keysetAfter(query.cursor);
    const rows = await this.db.query<TradeRow>(
      `SELECT * FROM card_trades
       WHERE card_id = $1 AND ($2::text IS NULL OR kind = $2) AND ($3::text IS NULL OR status = $3)
         AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
       ORDER BY created_at DESC, id DESC LIMIT $6`,
      [card.id, query.kind ?? null, query.status ?? null, after?.at ?? null, after?.id ?? null, limit + 1],
    );
    return pageOf(rows, limit, toTrade);
  }

  async tradeById(tradeId: string): Promise<Trade> {
    const [row] = await this.db.query<TradeRow>('SELECT * FROM card_trades WHERE id = $1', [tradeId]);
    if (!row) throw new Error(`trade ${tradeId} not found`);
    return toTrade(row);
  }

  async transactions(userId: string, cardId: string, query: { type?: CardTransactionType; cursor?: string; limit?: number }): Promise<Page<CardTransaction>> {
    const card = await ownedCard(this.db, userId, cardId);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = keysetAfter(query.cursor);
    const rows = await this.db.query<CardTransactionRow>(
      `SELECT * FROM card_transactions
       WHERE card_id = $1 AND ($2::text IS NULL OR type = $2)
         AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::text))
       ORDER BY created_at DESC, id DESC LIMIT $5`,
      [card.id, query.type ?? null, after?.at ?? null, after?.id ?? null, limit + 1],
    );
    return pageOf(rows, limit, toCardTransaction);
  }

  // ── Issue ───────────────────────────────────────────────────────────────────────────────────────

  /**
   * POST /api/cards: in ONE database transaction — the card (pending), its ledger account, the wallet
   * charges (cardIssue + serviceCommission) and the issue job. `requestKey` (the Idempotency-Key) is
   * stored on the card: a request re-run after a crash returns the same card instead of a second one.
   */
  async create(userId: string, body: { productId: string; initialDeposit: number }, requestKey: string, lang: CatalogLanguage): Promise<Card> {
    if (!this.issuer.available) {
      throw catalogError('UPSTREAM_UNAVAILABLE', 'Card issuing is not available right now. Please try again later.');
    }
    const row = await runLedgerTx(this.db, async (q) => {
      const now = this.clock.now();
      const [user] = await q.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM users WHERE id = $1 FOR UPDATE', [userId]);
      await requireVerifiedUser(q, userId, now);
      const [existing] = await q.query<CardRow>('SELECT * FROM cards WHERE user_id = $1 AND create_key = $2', [userId, requestKey]);
      if (existing) return existing;

      const product = await findProduct(q, body.productId);
      if (!product) throw productNotFound();
      if (!product.available) {
        throw catalogError('PRODUCT_UNAVAILABLE', 'This card product cannot be issued right now. Please choose another product.');
      }
      const range = depositRange(product, true);
      if (body.initialDeposit < range.min || body.initialDeposit > range.max) {
        const text = `The initial deposit must be between ${formatMoney(range.min, product.currency)} and ${formatMoney(range.max, product.currency)}.`;
        throw catalogError('DEPOSIT_OUT_OF_RANGE', text, { fields: { initialDeposit: text } });
      }
      const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM cards WHERE user_id = $1 AND status NOT IN ('rejected', 'failed')`,
        [userId],
      );
      if (count >= this.limits.maxCards) {
        throw catalogError('CARD_LIMIT_REACHED', `You already have ${this.limits.maxCards} cards, the most one account may hold.`);
      }

      const [card] = await q.query<CardRow>(
        `INSERT INTO cards (id, user_id, product_id, status, scheme, form, currency, cardholder_name, create_key,
           initial_deposit, creation_fee, issuing_fee, deposit_fee, created_at, updated_at)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING *`,
        [
          newId('crd'),
          userId,
          product.id,
          product.scheme,
          product.form,
          product.currency,
          embossedName(user?.first_name ?? '', user?.last_name ?? ''),
          requestKey,
          body.initialDeposit,
          product.creationFee,
          product.issuingFee,
          depositFee(product, body.initialDeposit),
          now,
        ],
      );
      if (!card) throw new Error('INSERT INTO cards returned no row');
      await q.query(
        `INSERT INTO card_status_history (card_id, from_status, to_status, event, reason, created_at) VALUES ($1, NULL, 'pending', 'requested', NULL, $2)`,
        [card.id, now],
      );
      const charged = await chargeIssue(q, card, { productName: productName(product, lang) }, now);
      await q.query('UPDATE cards SET issue_transaction_id = $2, issue_fee_transaction_id = $3 WHERE id = $1', [
        card.id,
        charged.issueTransactionId,
        charged.feeTransactionId,
      ]);
      card.issue_transaction_id = charged.issueTransactionId;
      card.issue_fee_transaction_id = charged.feeTransactionId;
      await enqueueJob(q, { kind: CARD_JOBS.issue, payload: { cardId: card.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
      return card;
    });
    return this.view(this.db, row, lang);
  }

  // ── Activation ──────────────────────────────────────────────────────────────────────────────────

  async activate(userId: string, body: { cardId: string; activationCode: string }, lang: CatalogLanguage): Promise<Card> {
    const now = this.clock.now();
    await requireVerifiedUser(this.db, userId, now);
    const card = await ownedCard(this.db, userId, body.cardId);
    if (card.status === 'activating') return this.view(this.db, card, lang); // the same activation again
    const allowed = checkAction(card, 'activate');
    if (!allowed.ok) throw conflict(allowed.message);
    this.refuseWhileLocked(card, now);

    const right = await issuerCall(() => this.issuer.checkActivationCode(card.id, body.activationCode));
    if (!right) await this.countWrongCode(card.id, now);

    const row = await this.db.tx(async (q) => {
      const locked = await ownedCard(q, userId, body.cardId, true);
      if (locked.status === 'activating') return locked;
      const check = checkAction(locked, 'activate');
      if (!check.ok) throw conflict(check.message);
      await changeStatus(q, locked, 'activationRequested', now);
      await q.query('UPDATE cards SET activation_failures = 0, activation_locked_until = NULL WHERE id = $1', [locked.id]);
      await enqueueJob(q, { kind: CARD_JOBS.activate, payload: { cardId: locked.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
      return locked;
    });
    return this.view(this.db, row, lang);
  }

  private refuseWhileLocked(card: CardRow, now: Date): void {
    if (card.activation_locked_until && card.activation_locked_until > now) {
      const seconds = Math.ceil((card.activation_locked_until.getTime() - now.getTime()) / 1000);
      throw catalogError(
        'ACTIVATION_ATTEMPTS_EXCEEDED',
        `Too many wrong activation codes. Try again in ${Math.ceil(seconds / 60)} min or contact support.`,
        { headers: { 'retry-after': String(seconds) } },
      );
    }
  }

  /** Counts a wrong code (committed even though the request fails) and throws 422, or 429 at the limit. */
  private async countWrongCode(cardId: string, now: Date): Promise<never> {
    const max = CARD_LIMITS.activationMaxWrongAttempts;
    const [row] = await this.db.query<{ activation_failures: number }>(
      `UPDATE cards SET activation_failures = activation_failures + 1 WHERE id = $1 RETURNING activation_failures`,
      [cardId],
    );
    const failures = row?.activation_failures ?? max;
    if (failures >= max) {
      const until = addSeconds(now, CARD_LIMITS.activationLockSeconds);
      await this.db.query('UPDATE cards SET activation_failures = 0, activation_locked_until = $2 WHERE id = $1', [cardId, until]);
      throw catalogError(
        'ACTIVATION_ATTEMPTS_EXCEEDED',
        `Too many wrong activation codes. Try again in ${CARD_LIMITS.activationLockSeconds / 60} min or contact support.`,
        { headers: { 'retry-after': String(CARD_LIMITS.activationLockSeconds) } },
      );
    }
    const left = max - failures;
    throw catalogError(
      'INVALID_ACTIVATION_CODE',
      `The activation code is wrong. Check the 6 digits in the card envelope (${left} ${left === 1 ? 'attempt' : 'attempts'} left).`,
      { fields: { activationCode: 'Wrong activation code' }, details: { attemptsLeft: left } },
    );
  }

  // ── Freeze / unfreeze ───────────────────────────────────────────────────────────────────────────

  async updateStatus(userId: string, cardId: string, action: 'freeze' | 'unfreeze', lang: CatalogLanguage): Promise<Card> {
    const now = this.clock.now();
    // Freezing is always allowed (it protects the user); unfreezing re-enables spending, so it needs a verified account.
    if (action === 'unfreeze') await requireVerifiedUser(this.db, userId, now);
    const row = await this.db.tx(async (q) => {
      const card = await ownedCard(q, userId, cardId, true);
      if (card.status === (action === 'freeze' ? 'freezing' : 'unfreezing')) return card; // already in progress: answered as is
      const check = checkAction(card, action);
      if (!check.ok) throw conflict(check.message);
      await changeStatus(q, card, action === 'freeze' ? 'freezeRequested' : 'unfreezeRequested', now);
      await enqueueJob(q, {
        kind: action === 'freeze' ? CARD_JOBS.freeze : CARD_JOBS.unfreeze,
        payload: { cardId: card.id },
        maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts,
      });
      return card;
    });
    return this.view(this.db, row, lang);
  }

  // ── Top-up ──────────────────────────────────────────────────────────────────────────────────────

  async topUp(userId: string, cardId: string, body: { amount: number; currency?: Currency }, requestKey: string, lang: CatalogLanguage): Promise<TopUpResult> {
    const { card, topup } = await runLedgerTx(this.db, async (q) => {
      const now = this.clock.now();
      await requireVerifiedUser(q, userId, now);
      const card = await ownedCard(q, userId, cardId, true);
      const [existing] = await q.query<TopupRow>('SELECT * FROM card_topups WHERE card_id = $1 AND request_key = $2', [card.id, requestKey]);
      if (existing) return { card, topup: existing };
      const check = checkAction(card, 'topup');
      if (!check.ok) throw conflict(check.message);
      if (body.currency && body.currency !== card.currency) {
        throw catalogError('CURRENCY_MISMATCH', `This card is in ${card.currency}; the top-up was sent in ${body.currency}.`, {
          fields: { currency: `Must be ${card.currency}` },
        });
      }
      const product = await findProductIncludingRetired(q, card.product_id);
      if (!product) throw new Error(`card ${card.id} points at a missing product ${card.product_id}`);
      const range = depositRange(product, false);
      if (body.amount < range.min || body.amount > range.max) {
        const text = `A top-up of this card must be between ${formatMoney(range.min, card.currency)} and ${formatMoney(range.max, card.currency)}.`;
        throw catalogError('DEPOSIT_OUT_OF_RANGE', text, { fields: { amount: text } });
      }
      const [topup] = await q.query<TopupRow>(
        `INSERT INTO card_topups (id, card_id, user_id, request_key, amount, fee, currency, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) RETURNING *`,
        [newId('ctu'), card.id, userId, requestKey, body.amount, depositFee(product, body.amount), card.currency, now],
      );
      if (!topup) throw new Error('INSERT INTO card_topups returned no row');
      const charged = await chargeTopup(q, topup, card, now);
      await q.query('UPDATE card_topups SET transfer_transaction_id = $2, fee_transaction_id = $3 WHERE id = $1', [
        topup.id,
        charged.transferTransactionId,
        charged.feeTransactionId,
      ]);
      await enqueueJob(q, { kind: CARD_JOBS.topup, payload: { topupId: topup.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
      return { card, topup };
    });
    const money = (amount: number) => ({ amount, currency: topup.currency });
    return {
      card: await this.view(this.db, card, lang),
      transfer: {
        id: topup.id,
        amount: money(topup.amount),
        fee: money(topup.fee),
        total: money(topup.amount + topup.fee),
        status: topup.status,
        createdAt: topup.created_at.toISOString(),
      },
    };
  }

  // ── Sensitive data ──────────────────────────────────────────────────────────────────────────────

  /**
   * POST /api/cards/sensitive: the issuer encrypts the card data to the browser's key; we relay the
   * ciphertext (we cannot read it) and keep an audit row. Rate-limited per card.
   */
  async revealSensitive(userId: string, body: { cardId: string; publicKey: JsonWebKey }, clientIp: string | null): Promise<SensitiveData> {
    const now = this.clock.now();
    await requireVerifiedUser(this.db, userId, now);
    const card = await ownedCard(this.db, userId, body.cardId);
    const check = checkAction(card, 'reveal');
    if (!check.ok) throw catalogError('SENSITIVE_DATA_UNAVAILABLE', check.message);
    try {
      await importClientPublicKey(body.publicKey);
    } catch (error) {
      if (error instanceof InvalidPublicKeyError) throw catalogError('INVALID_PUBLIC_KEY', error.message, { fields: { publicKey: error.message } });
      throw error;
    }
    const windowStart = addSeconds(now, -3600);
    const recent = await this.db.query<{ created_at: Date }>(
      'SELECT created_at FROM card_sensitive_reveals WHERE card_id = $1 AND created_at > $2 ORDER BY created_at ASC',
      [card.id, windowStart],
    );
    if (recent.length >= CARD_LIMITS.revealsPerCardPerHour) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]!.created_at.getTime() + 3_600_000 - now.getTime()) / 1000));
      throw catalogError('RATE_LIMITED', `The card details were shown ${recent.length} times in the last hour. Please try again later.`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    const data = await issuerCall(() =>
      this.issuer.revealSensitive({ cardRef: card.id, publicKey: body.publicKey, expiresAt: addSeconds(now, this.limits.sensitiveDataTtlSeconds) }),
    );
    await this.db.query('INSERT INTO card_sensitive_reveals (card_id, user_id, client_ip, created_at) VALUES ($1, $2, $3, $4)', [
      card.id,
      userId,
      clientIp,
      now,
    ]);
    return data;
  }
}

// ── Rows → contract ───────────────────────────────────────────────────────────────────────────────

interface TradeRow extends Record<string, unknown> {
  id: string;
  card_id: string;
  kind: 'purchase' | 'refund';
  merchant_name: string;
  merchant_mcc: string | null;
  merchant_country: string | null;
  amount: number;
  currency: Currency;
  original_amount: number | null;
  original_currency: string | null;
  status: TradeStatus;
  decline_reason: string | null;
  created_at: Date;
}

const toTrade = (row: TradeRow): Trade => ({
  id: row.id,
  cardId: row.card_id,
  kind: row.kind,
  merchant: { name: row.merchant_name, mcc: row.merchant_mcc, country: row.merchant_country },
  amount: { amount: row.amount, currency: row.currency },
  originalAmount: row.original_amount !== null && row.original_currency ? { amount: row.original_amount, currency: row.original_currency } : null,
  status: row.status,
  declineReason: row.decline_reason,
  createdAt: row.created_at.toISOString(),
});

interface CardTransactionRow extends Record<string, unknown> {
  id: string;
  card_id: string;
  type: CardTransactionType;
  direction: 'credit' | 'debit';
  amount: number;
  currency: Currency;
  status: 'pending' | 'completed' | 'failed';
  merchant_name: string | null;
  trade_id: string | null;
  wallet_transaction_id: string | null;
  created_at: Date;
}

const toCardTransaction = (row: CardTransactionRow): CardTransaction => ({
  id: row.id,
  cardId: row.card_id,
  type: row.type,
  direction: row.direction,
  amount: { amount: row.amount, currency: row.currency },
  status: row.status,
  createdAt: row.created_at.toISOString(),
  merchantName: row.merchant_name,
  tradeId: row.trade_id,
  walletTransactionId: row.wallet_transaction_id,
});
