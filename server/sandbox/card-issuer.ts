/**
 * The sandbox card issuer: a simulated issuer inside our process, with its own tables
 * (sandbox_card_issuer_*) and its own background steps (job kind 'cardIssuer.sandbox.step'), so it
 * behaves like a real one: requests are only accepted, outcomes arrive later as events, after a delay.
 * Dev controls choose the outcome of each operation (docs/sandbox.md "Card issuer sandbox").
 */
import type { CardReasonCode } from '@/shared/contract/errors';
import { createHash, createHmac, randomBytes, timingSafeEqual, type JsonWebKey } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { enqueueJob, type JobLogger, type JobRegistry } from '../jobs';
import type { CardForm, CardScheme, SensitiveData } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import { generateActivationCode, generateCvv, generatePan } from './pan';
import {
  encryptForClient,
  IssuerRequestError,
  IssuerUnavailableError,
  open,
  parseSignedIssuerWebhook,
  seal,
  SealedBoxError,
  signIssuerWebhook,
  type CardIssuer,
  type IssuerWebhook,
  type IssueCardRequest,
  type IssuerEvent,
  type IssuerEventHandler,
  type IssuerDeclineReason,
  type IssuerEventResult,
  type ShipmentStageEvent,
  type ShipmentTracking,
  type SpendingLimits,
  type TopUpRequest,
  type BlockCardRequest,
} from '../adapters/card-issuer';

/** What the sandbox does with an operation: accept and succeed, refuse, fail technically, or not answer. */
export type SandboxOutcome = 'ok' | 'reject' | 'fail' | 'unavailable';
const SANDBOX_OUTCOMES: readonly SandboxOutcome[] = ['ok', 'reject', 'fail', 'unavailable'];
export type SandboxOperation = 'issue' | 'activate' | 'freeze' | 'unfreeze' | 'topup' | 'close' | 'block';
const SANDBOX_OPERATIONS: readonly SandboxOperation[] = ['issue', 'activate', 'freeze', 'unfreeze', 'topup', 'close', 'block'];
export type SandboxModes = Record<SandboxOperation, SandboxOutcome>;

export interface SandboxSettings {
  modes: SandboxModes;
  /** Delay of each simulated processing step. */
  delayMs: number;
}

const SANDBOX_STEP_JOB = 'cardIssuer.sandbox.step';
/** Default delay of a processing step (CARD_ISSUER_SANDBOX_DELAY_MS, server/config/cards.ts). */
import { DEFAULT_SANDBOX_DELAY_MS } from '../config/cards';
/** Retries of a step (event delivery to the program), like a webhook's retries. */
const STEP_MAX_ATTEMPTS = 20;

const DEFAULT_MODES: SandboxModes = { issue: 'ok', activate: 'ok', freeze: 'ok', unfreeze: 'ok', topup: 'ok', close: 'ok', block: 'ok' };

/** Reasons the sandbox reports (normalised issuer codes, docs/api.md statusReason). */
const SANDBOX_REASONS = { reject: 'ISSUER_DECLINED', fail: 'ISSUER_TECHNICAL_FAILURE' } as const satisfies Record<string, CardReasonCode>;

type StepOp = 'issue' | 'make' | 'ship' | 'deliver' | 'activate' | 'freeze' | 'unfreeze' | 'topup' | 'close' | 'block';
interface StepPayload {
  op: StepOp;
  cardRef: string;
  topupRef?: string;
  /** What the top-up loads (reported back with topup.completed, as a real issuer reports what it loaded). */
  amount?: number;
  currency?: Currency;
  blockReason?: string;
}

/** The sandbox's carrier: a tracking number derived from the card (the same on every redelivery), expected in 5 days. */
const SANDBOX_DELIVERY_DAYS = 5;
const sandboxTracking = (cardRef: string): ShipmentTracking => ({
  carrier: 'Sandbox Post',
  number: `SP${createHash('sha256').update(cardRef).digest('hex').slice(0, 9).toUpperCase()}RU`,
  url: null,
});

type IssuerCardState = 'processing' | 'fabricating' | 'shipped' | 'active' | 'frozen' | 'rejected' | 'failed' | 'closed' | 'blocked';

interface IssuerCardRow extends Record<string, unknown> {
  card_ref: string;
  issuer_card_id: string;
  form: CardForm;
  scheme: CardScheme;
  currency: Currency;
  cardholder_name: string;
  state: IssuerCardState;
  last4: string;
  secret_box: string;
  activation_code_box: string | null;
  limit_per_purchase: number | null;
  limit_monthly: number | null;
  shipment_stage: ShipmentStageEvent | null;
  made_at: Date | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
}

/** First day of the calendar month in UTC that holds `at` (YYYY-MM-01): the period of the monthly limit. */
const utcMonthOf = (at: Date): string => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

interface CardSecrets {
  pan: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
}

export interface SandboxCardIssuerOptions {
  db: Db;
  clock: Clock;
  /** The app's job registry: the sandbox registers its processing step there. */
  registry: JobRegistry;
  /** 32-byte key sealing card secrets at rest (sandboxAtRestKey). */
  atRestKey: Buffer;
  /** Processing delay when the dev controls set none (CARD_ISSUER_SANDBOX_DELAY_MS). */
  defaultDelayMs?: number;
  log?: JobLogger;
  /** HMAC key of its webhook signatures (default: derived from atRestKey). */
  webhookSecret?: string;
}

export class SandboxCardIssuer implements CardIssuer {
  readonly name = 'sandbox';
  readonly available = true;
  private handler: IssuerEventHandler | null = null;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly key: Buffer;
  private readonly defaultDelayMs: number;
  private readonly webhookSecret: string;

  constructor(options: SandboxCardIssuerOptions) {
    this.webhookSecret = options.webhookSecret ?? createHmac('sha256', options.atRestKey).update('sandbox-card-issuer-webhook-v1').digest('base64url');
    this.db = options.db;
    this.clock = options.clock;
    this.key = options.atRestKey;
    this.defaultDelayMs = options.defaultDelayMs ?? DEFAULT_SANDBOX_DELAY_MS;
    options.registry.register<StepPayload>(SANDBOX_STEP_JOB, (payload) => this.runStep(payload), {
      backoffMs: (attempt) => Math.min(30_000, 200 * 2 ** (attempt - 1)),
    });
  }

  setEventHandler(handler: IssuerEventHandler): void {
    this.handler = handler;
  }

  // ── Settings (dev controls) ─────────────────────────────────────────────────────────────────────

  async getSettings(q: Queryable = this.db): Promise<SandboxSettings> {
    const [row] = await q.query<{ modes: Partial<SandboxModes>; delay_ms: number | null }>(
      'SELECT modes, delay_ms FROM sandbox_card_issuer_settings WHERE id',
    );
    return { modes: { ...DEFAULT_MODES, ...(row?.modes ?? {}) }, delayMs: row?.delay_ms ?? this.defaultDelayMs };
  }

  /** Changes the global outcomes and/or delay; `delayMs: null` goes back to the configured default. */
  async setSettings(update: { modes?: Partial<SandboxModes>; delayMs?: number | null }): Promise<SandboxSettings> {
    await this.db.query(
      `UPDATE sandbox_card_issuer_settings
       SET modes = modes || $1::jsonb,
           delay_ms = CASE WHEN $2::boolean THEN $3::int ELSE delay_ms END,
           updated_at = $4
       WHERE id`,
      [JSON.stringify(update.modes ?? {}), update.delayMs !== undefined, update.delayMs ?? null, this.clock.now()],
    );
    return this.getSettings();
  }

  /** Outcome overrides for one card (may be set before the card reaches the issuer); null clears one. */
  async setCardModes(cardRef: string, modes: Partial<Record<SandboxOperation, SandboxOutcome | null>>): Promise<Partial<SandboxModes>> {
    const [row] = await this.db.query<{ modes: Record<string, SandboxOutcome | null> }>(
      `INSERT INTO sandbox_card_issuer_card_modes (card_ref, modes, updated_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (card_ref) DO UPDATE SET modes = sandbox_card_issuer_card_modes.modes || EXCLUDED.modes, updated_at = EXCLUDED.updated_at
       RETURNING modes`,
      [cardRef, JSON.stringify(modes), this.clock.now()],
    );
    return Object.fromEntries(Object.entries(row?.modes ?? {}).filter(([, v]) => v !== null)) as Partial<SandboxModes>;
  }

  async effectiveModes(cardRef: string): Promise<SandboxSettings> {
    return (await this.snapshot(cardRef)).settings;
  }

  /**
   * The global settings, this card's own modes and the card's currency (null: the issuer does not know the card) in one
   * statement: every request and step asks for its outcome, so this is the sandbox's hot read.
   */
  private async snapshot(cardRef: string): Promise<{ settings: SandboxSettings; currency: Currency | null }> {
    const [row] = await this.db.query<{
      modes: Partial<SandboxModes> | null;
      delay_ms: number | null;
      card_modes: Record<string, SandboxOutcome | null> | null;
      currency: Currency | null;
    }>(
      `SELECT s.modes, s.delay_ms, m.modes AS card_modes, c.currency
       FROM (SELECT $1::text AS card_ref) r
       LEFT JOIN sandbox_card_issuer_settings s ON s.id
       LEFT JOIN sandbox_card_issuer_card_modes m ON m.card_ref = r.card_ref
       LEFT JOIN sandbox_card_issuer_cards c ON c.card_ref = r.card_ref`,
      [cardRef],
    );
    const own = Object.fromEntries(Object.entries(row?.card_modes ?? {}).filter(([, v]) => v !== null));
    return {
      settings: { modes: { ...DEFAULT_MODES, ...(row?.modes ?? {}), ...own }, delayMs: row?.delay_ms ?? this.defaultDelayMs },
      currency: row?.currency ?? null,
    };
  }

  private async outcome(cardRef: string, operation: SandboxOperation): Promise<SandboxOutcome> {
    return (await this.effectiveModes(cardRef)).modes[operation];
  }

  private async failIfUnavailable(cardRef: string, operation: SandboxOperation): Promise<void> {
    if ((await this.outcome(cardRef, operation)) === 'unavailable') {
      throw new IssuerUnavailableError(`Sandbox card issuer: ${operation} is set to "unavailable" (no answer)`);
    }
  }

  private async enqueueStep(q: Queryable, payload: StepPayload, dedupeKey?: string): Promise<void> {
    const { delayMs } = await this.getSettings(q);
    await enqueueJob(q, { kind: SANDBOX_STEP_JOB, payload, delayMs, maxAttempts: STEP_MAX_ATTEMPTS, ...(dedupeKey ? { dedupeKey } : {}) });
  }

  private async cardRow(q: Queryable, cardRef: string): Promise<IssuerCardRow> {
    const [row] = await q.query<IssuerCardRow>('SELECT * FROM sandbox_card_issuer_cards WHERE card_ref = $1', [cardRef]);
    if (!row) throw new IssuerRequestError('CARD_UNKNOWN', `Sandbox card issuer: no card ${cardRef}`);
    return row;
  }

  /**
   * The sandbox issuer's own books (sandbox_card_issuer_movements): what it loaded on a card (the issue's initial load,
   * completed top-ups), what left it (approved purchases) or came back (approved refunds), and a card's end (its money
   * back to the program). Once per reference, so a step run twice books once. `replace`: an end is booked once even if
   * the card's holding changed meanwhile.
   */
  private async book(ref: string, cardRef: string, amount: number, replace = false): Promise<void> {
    if (amount === 0 && !replace) return;
    await this.db.query(
      `INSERT INTO sandbox_card_issuer_movements (ref, card_ref, amount, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (ref) DO NOTHING`,
      [ref, cardRef, amount, this.clock.now()],
    );
  }

  private async cardHolding(cardRef: string): Promise<number> {
    const [row] = await this.db.query<{ amount: number }>('SELECT coalesce(sum(amount), 0)::bigint AS amount FROM sandbox_card_issuer_movements WHERE card_ref = $1', [cardRef]);
    return Number(row?.amount ?? 0);
  }

  // ── CardIssuer ──────────────────────────────────────────────────────────────────────────────────

  /** What this issuer holds for the program, per currency: the sum of its books over every card. */
  async programBalance(): Promise<Array<{ currency: Currency; amount: number }>> {
    const rows = await this.db.query<{ currency: Currency; amount: number }>(
      `SELECT c.currency, coalesce(sum(m.amount), 0)::bigint AS amount FROM sandbox_card_issuer_movements m
       JOIN sandbox_card_issuer_cards c ON c.card_ref = m.card_ref GROUP BY c.currency ORDER BY c.currency`,
    );
    return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
  }

  async requestIssue(request: IssueCardRequest): Promise<{ issuerCardId: string }> {
    if (request.form === 'physical' && !request.deliveryAddress) {
      throw new IssuerRequestError('ADDRESS_REQUIRED', 'Sandbox card issuer: a physical card needs a delivery address');
    }
    await this.failIfUnavailable(request.cardRef, 'issue');
    return this.db.tx(async (q) => {
      const [existing] = await q.query<{ issuer_card_id: string }>(
        'SELECT issuer_card_id FROM sandbox_card_issuer_cards WHERE card_ref = $1',
        [request.cardRef],
      );
      if (existing) return { issuerCardId: existing.issuer_card_id }; // the same request again
      const now = this.clock.now();
      const pan = generatePan(request.scheme);
      const expiry = new Date(Date.UTC(now.getUTCFullYear() + 4, now.getUTCMonth(), 1));
      const secrets: CardSecrets = {
        pan,
        expiryMonth: expiry.getUTCMonth() + 1,
        expiryYear: expiry.getUTCFullYear(),
        cvv: generateCvv(request.scheme),
      };
      const issuerCardId = `isc_${randomBytes(12).toString('base64url')}`;
      await q.query(
        `INSERT INTO sandbox_card_issuer_cards (card_ref, issuer_card_id, user_ref, product_ref, form, scheme, currency,
           cardholder_name, state, last4, secret_box, created_at, updated_at, delivery_address, initial_load)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'processing', $9, $10, $11, $11, $12::jsonb, $13)`,
        [
          request.cardRef,
          issuerCardId,
          request.userRef,
          request.productRef,
          request.form,
          request.scheme,
          request.currency,
          request.cardholderName,
          pan.slice(-4),
          seal(this.key, request.cardRef, JSON.stringify(secrets)),
          now,
          request.deliveryAddress ? JSON.stringify(request.deliveryAddress) : null,
          request.initialLoad ?? 0,
        ],
      );
      await this.enqueueStep(q, { op: 'issue', cardRef: request.cardRef });
      return { issuerCardId };
    });
  }

  async checkActivationCode(cardRef: string, code: string): Promise<boolean> {
    const row = await this.cardRow(this.db, cardRef);
    if (row.state !== 'shipped' || !row.activation_code_box) return false;
    const expected = Buffer.from(open(this.key, `${cardRef}:activation`, row.activation_code_box));
    const given = Buffer.from(code);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Dev control: the code printed in the envelope of a shipped physical card (null before shipping). */
  async activationCode(cardRef: string): Promise<string | null> {
    const [row] = await this.db.query<IssuerCardRow>('SELECT * FROM sandbox_card_issuer_cards WHERE card_ref = $1', [cardRef]);
    if (!row?.activation_code_box) return null;
    return open(this.key, `${cardRef}:activation`, row.activation_code_box);
  }

  private async requestCardStep(cardRef: string, operation: 'activate' | 'freeze' | 'unfreeze'): Promise<void> {
    await this.failIfUnavailable(cardRef, operation);
    await this.db.tx(async (q) => {
      await this.cardRow(q, cardRef);
      await this.enqueueStep(q, { op: operation, cardRef });
    });
  }

  requestActivation(cardRef: string): Promise<void> {
    return this.requestCardStep(cardRef, 'activate');
  }

  requestFreeze(cardRef: string): Promise<void> {
    return this.requestCardStep(cardRef, 'freeze');
  }

  requestUnfreeze(cardRef: string): Promise<void> {
    return this.requestCardStep(cardRef, 'unfreeze');
  }

  /** One read (outcome, delay, the card's currency) and one write (the step, autocommitted): the hot path of top-ups. */
  async requestTopUp(request: TopUpRequest): Promise<void> {
    const { settings, currency } = await this.snapshot(request.cardRef);
    if (settings.modes.topup === 'unavailable') {
      throw new IssuerUnavailableError('Sandbox card issuer: topup is set to "unavailable" (no answer)');
    }
    if (!currency) throw new IssuerRequestError('CARD_UNKNOWN', `Sandbox card issuer: no card ${request.cardRef}`);
    if (currency !== request.currency) throw new IssuerRequestError('CURRENCY_MISMATCH', 'Top-up currency differs from the card currency');
    // The same top-up asked twice is loaded (and reported) once. The delay is the global one, as enqueueStep's.
    await enqueueJob(this.db, {
      kind: SANDBOX_STEP_JOB,
      payload: { op: 'topup', cardRef: request.cardRef, topupRef: request.topupRef, amount: request.amount, currency: request.currency } satisfies StepPayload,
      delayMs: settings.delayMs,
      maxAttempts: STEP_MAX_ATTEMPTS,
      dedupeKey: `sandbox-card-issuer:topup:${request.topupRef}`,
    });
  }

  /** Close for good; a card already closed is answered card.closed again (the same request twice). */
  async requestClose(cardRef: string): Promise<void> {
    await this.failIfUnavailable(cardRef, 'close');
    await this.db.tx(async (q) => {
      await this.cardRow(q, cardRef);
      await this.enqueueStep(q, { op: 'close', cardRef }); // asked twice: the second answer finds the card closed
    });
  }

  /** Block for good with a reason; a card already blocked is answered card.blocked again. */
  async requestBlock(request: BlockCardRequest): Promise<void> {
    await this.failIfUnavailable(request.cardRef, 'block');
    await this.db.tx(async (q) => {
      await this.cardRow(q, request.cardRef);
      await this.enqueueStep(q, { op: 'block', cardRef: request.cardRef, blockReason: request.reason });
    });
  }

  async revealSensitive(request: { cardRef: string; publicKey: JsonWebKey; expiresAt: Date }): Promise<SensitiveData> {
    const row = await this.cardRow(this.db, request.cardRef);
    if (!['shipped', 'active', 'frozen'].includes(row.state)) {
      throw new IssuerRequestError('CARD_NOT_ISSUED', 'Sandbox card issuer: the card has not been issued');
    }
    let secrets: CardSecrets;
    try {
      secrets = JSON.parse(open(this.key, request.cardRef, row.secret_box)) as CardSecrets;
    } catch (error) {
      if (error instanceof SealedBoxError) throw new IssuerRequestError('SECRETS_UNREADABLE', error.message);
      throw error;
    }
    return encryptForClient(
      { pan: secrets.pan, expiryMonth: secrets.expiryMonth, expiryYear: secrets.expiryYear, cvv: secrets.cvv, cardholderName: row.cardholder_name },
      request.publicKey,
      request.cardRef,
      request.expiresAt,
    );
  }

  async setSpendingLimits(cardRef: string, limits: SpendingLimits): Promise<void> {
    const rows = await this.db.query(
      'UPDATE sandbox_card_issuer_cards SET limit_per_purchase = $2, limit_monthly = $3, updated_at = $4 WHERE card_ref = $1 RETURNING card_ref',
      [cardRef, limits.perPurchase, limits.monthly, this.clock.now()],
    );
    if (rows.length === 0) throw new IssuerRequestError('CARD_UNKNOWN', `Sandbox card issuer: no card ${cardRef}`);
  }

  /**
   * What the program asked to load, from its top-up: a step queued by the previous release carries no amount (the
   * amount rides in the step since issue #31), and a rolling deploy hands such steps to this release's workers.
   */
  private async requestedTopUp(topupRef: string): Promise<{ amount: number; currency: Currency }> {
    const [row] = await this.db.query<{ amount: string | number; currency: Currency }>('SELECT amount, currency FROM card_topups WHERE id = $1', [topupRef]);
    if (!row) throw new Error(`sandbox topup step: no top-up ${topupRef}`);
    return { amount: Number(row.amount), currency: row.currency };
  }

  /** Dev control (and contract tests): what the issuer holds for the card's limits. */
  async spendingLimits(cardRef: string): Promise<SpendingLimits> {
    const row = await this.cardRow(this.db, cardRef);
    return { perPurchase: row.limit_per_purchase, monthly: row.limit_monthly };
  }

  /**
   * The issuer's own decision on a purchase's limits, taken with the card row locked so that purchases of one card
   * are decided one at a time: the per-purchase limit, then the monthly one against the approved and still-held
   * purchases of this UTC calendar month. A purchase within the limits is *held* (counted) until the program answers.
   */
  private async authorise(cardRef: string, issuerTradeId: string, amount: number): Promise<IssuerDeclineReason | null> {
    return this.db.tx(async (q) => {
      const [row] = await q.query<IssuerCardRow>('SELECT * FROM sandbox_card_issuer_cards WHERE card_ref = $1 FOR UPDATE', [cardRef]);
      if (!row) throw new IssuerRequestError('CARD_UNKNOWN', `Sandbox card issuer: no card ${cardRef}`);
      const now = this.clock.now();
      const month = utcMonthOf(now);
      let reason: IssuerDeclineReason | null = null;
      if (row.limit_per_purchase !== null && amount > Number(row.limit_per_purchase)) reason = 'OVER_PURCHASE_LIMIT';
      else if (row.limit_monthly !== null) {
        const [{ spent } = { spent: 0 }] = await q.query<{ spent: number | string }>(
          `SELECT coalesce(sum(amount), 0)::bigint AS spent FROM sandbox_card_issuer_authorisations
           WHERE card_ref = $1 AND month = $2::date AND status <> 'declined'`,
          [cardRef, month],
        );
        if (Number(spent) + amount > Number(row.limit_monthly)) reason = 'OVER_MONTHLY_LIMIT';
      }
      await q.query(
        `INSERT INTO sandbox_card_issuer_authorisations (issuer_trade_id, card_ref, month, amount, status, decline_reason, created_at)
         VALUES ($1, $2, $3::date, $4, $5, $6, $7)`,
        [issuerTradeId, cardRef, month, amount, reason ? 'declined' : 'held', reason, now],
      );
      return reason;
    });
  }

  /** Dev control: a merchant purchase or refund on the card, reported to the program for authorisation. */
  async simulateTrade(
    cardRef: string,
    trade: { kind: 'purchase' | 'refund'; amount: number; merchant: { name: string; mcc: string | null; country: string | null }; originalAmount: { amount: number; currency: string } | null },
  ): Promise<IssuerEventResult> {
    const row = await this.cardRow(this.db, cardRef);
    const issuerTradeId = `itr_${randomBytes(12).toString('base64url')}`;
    const issuerDeclineReason = trade.kind === 'purchase' ? await this.authorise(cardRef, issuerTradeId, trade.amount) : null;
    let result: IssuerEventResult | null = null;
    try {
      result = await this.deliver({
        type: 'trade',
        cardRef,
        trade: {
          issuerTradeId,
          kind: trade.kind,
          amount: trade.amount,
          currency: row.currency,
          merchant: trade.merchant,
          originalAmount: trade.originalAmount,
          issuerDeclineReason,
        },
      });
      return result;
    } finally {
      // The issuer's books follow the program's answer: an approved purchase leaves the card, an approved refund comes back.
      if (result?.handled === true && result.approved === true) {
        await this.book(`trade:${issuerTradeId}`, cardRef, trade.kind === 'purchase' ? -trade.amount : trade.amount);
      }
      if (trade.kind === 'purchase' && !issuerDeclineReason) {
        // The program's answer settles the hold: approved counts for the month, anything else frees it.
        const approved = result?.handled === true && result.approved === true;
        await this.db.query(`UPDATE sandbox_card_issuer_authorisations SET status = $2 WHERE issuer_trade_id = $1 AND status = 'held'`, [
          issuerTradeId,
          approved ? 'approved' : 'declined',
        ]);
      }
    }
  }

  /**
   * Dev control: runs the next step of a physical card's way now (issue, made, shipped, delivered), whatever the
   * processing delay; the scheduled steps find it done. Answers the stage reached (null: not a physical card;
   * 'ordered': not made yet).
   */
  async advanceShipment(cardRef: string): Promise<ShipmentStageEvent | 'ordered' | null> {
    const row = await this.cardRow(this.db, cardRef);
    if (row.form !== 'physical') return null;
    const op: StepOp | null =
      row.state === 'processing'
        ? 'issue'
        : row.shipment_stage === null && row.state === 'fabricating'
          ? 'make'
          : row.shipment_stage === 'made'
            ? 'ship'
            : row.shipment_stage === 'shipped'
              ? 'deliver'
              : null;
    if (op) await this.runStep({ op, cardRef });
    const after = await this.cardRow(this.db, cardRef);
    return after.shipment_stage ?? 'ordered';
  }

  /** Dev control: the issuer's view of a physical card's shipment. */
  async shipment(cardRef: string): Promise<{ stage: ShipmentStageEvent | null; madeAt: Date | null; shippedAt: Date | null; deliveredAt: Date | null }> {
    const row = await this.cardRow(this.db, cardRef);
    return { stage: row.shipment_stage, madeAt: row.made_at, shippedAt: row.shipped_at, deliveredAt: row.delivered_at };
  }

  // ── Processing steps ────────────────────────────────────────────────────────────────────────────

  /**
   * The signed webhook delivery of an event, as a real issuer would post it (docs/adapters.md). The id is derived
   * from the event, so a redelivery (a retried step) carries the same id.
   */
  webhookFor(event: IssuerEvent): { rawBody: string; headers: Record<string, string> } {
    const id = `evt_${createHash('sha256').update(JSON.stringify(event)).digest('base64url').slice(0, 24)}`;
    return signIssuerWebhook(this.webhookSecret, { id, occurredAt: this.clock.now().toISOString(), event });
  }

  parseWebhook(rawBody: string, headers: Record<string, string | undefined>): IssuerWebhook {
    return parseSignedIssuerWebhook(this.webhookSecret, rawBody, headers);
  }

  /** Every event travels as a signed webhook and is read back through parseWebhook, like a real issuer's. */
  private async deliver(event: IssuerEvent): Promise<IssuerEventResult> {
    if (!this.handler) throw new Error('Sandbox card issuer: no event handler is set (the cards module sets it)');
    const { rawBody, headers } = this.webhookFor(event);
    return this.handler(this.parseWebhook(rawBody, headers).event);
  }

  /** Moves the issuer's own card state from one of `from` to `to`; false if it was elsewhere. */
  private async moveState(q: Queryable, cardRef: string, from: IssuerCardState[], to: IssuerCardState, extra = ''): Promise<boolean> {
    const placeholders = from.map((_, i) => `$${i + 4}`).join(', ');
    const rows = await q.query(
      `UPDATE sandbox_card_issuer_cards SET state = $2, updated_at = $3 ${extra}
       WHERE card_ref = $1 AND state IN (${placeholders}) RETURNING card_ref`,
      [cardRef, to, this.clock.now(), ...from],
    );
    return rows.length > 0;
  }

  private async runStep(payload: StepPayload): Promise<void> {
    const { cardRef } = payload;
    switch (payload.op) {
      case 'issue': {
        const outcome = await this.outcome(cardRef, 'issue');
        await this.db.tx(async (q) => {
          const row = await this.cardRow(q, cardRef);
          if (row.state !== 'processing') return; // decided on an earlier run of this step
          const target: IssuerCardState =
            outcome === 'reject' ? 'rejected' : outcome === 'fail' ? 'failed' : row.form === 'virtual' ? 'active' : 'fabricating';
          await this.moveState(q, cardRef, ['processing'], target);
        });
        const row = await this.cardRow(this.db, cardRef);
        if (row.state === 'rejected') await this.deliver({ type: 'card.rejected', cardRef, reason: SANDBOX_REASONS.reject });
        else if (row.state === 'failed') await this.deliver({ type: 'card.failed', cardRef, reason: SANDBOX_REASONS.fail });
        else if (row.form === 'virtual') {
          await this.deliver({ type: 'card.issued', cardRef, last4: row.last4 });
          await this.book(`issue:${cardRef}`, cardRef, Number(row.initial_load ?? 0));
        } else {
          await this.deliver({ type: 'card.fabricating', cardRef, last4: row.last4 });
          // The next step is scheduled once the program has heard of the fabrication, so its events arrive in order
          // (the dedupe key keeps a re-run of this step from scheduling it twice).
          await this.db.tx((q) => this.enqueueStep(q, { op: 'make', cardRef }, `sandbox-card-issuer:make:${cardRef}`));
        }
        return;
      }
      // A physical card's way: made → shipped (with its activation code) → delivered, one step each after the delay.
      case 'make': {
        await this.db.query(
          `UPDATE sandbox_card_issuer_cards SET shipment_stage = 'made', made_at = $2, updated_at = $2
           WHERE card_ref = $1 AND state = 'fabricating' AND shipment_stage IS NULL`,
          [cardRef, this.clock.now()],
        );
        const row = await this.cardRow(this.db, cardRef);
        if (!row.made_at) return; // not a card in production (rejected, failed)
        await this.deliver({ type: 'card.shipment', cardRef, stage: 'made', at: row.made_at.toISOString() });
        await this.db.tx((q) => this.enqueueStep(q, { op: 'ship', cardRef }, `sandbox-card-issuer:ship:${cardRef}`));
        return;
      }
      case 'ship': {
        await this.db.tx(async (q) => {
          const row = await this.cardRow(q, cardRef);
          if (row.state !== 'fabricating') return;
          const box = seal(this.key, `${cardRef}:activation`, generateActivationCode());
          const now = this.clock.now();
          await q.query(
            `UPDATE sandbox_card_issuer_cards SET state = 'shipped', activation_code_box = $2, updated_at = $3,
               shipment_stage = 'shipped', made_at = coalesce(made_at, $3), shipped_at = $3
             WHERE card_ref = $1 AND state = 'fabricating'`,
            [cardRef, box, now],
          );
        });
        const row = await this.cardRow(this.db, cardRef);
        await this.deliver({ type: 'card.shipped', cardRef, last4: row.last4 });
        await this.book(`issue:${cardRef}`, cardRef, Number(row.initial_load ?? 0));
        if (row.shipped_at) {
          await this.deliver({
            type: 'card.shipment',
            cardRef,
            stage: 'shipped',
            at: row.shipped_at.toISOString(),
            tracking: sandboxTracking(cardRef),
            expectedAt: new Date(row.shipped_at.getTime() + SANDBOX_DELIVERY_DAYS * 86_400_000).toISOString(),
          });
          await this.db.tx((q) => this.enqueueStep(q, { op: 'deliver', cardRef }, `sandbox-card-issuer:deliver:${cardRef}`));
        }
        return;
      }
      case 'deliver': {
        await this.db.query(
          `UPDATE sandbox_card_issuer_cards SET shipment_stage = 'delivered', delivered_at = $2, updated_at = $2
           WHERE card_ref = $1 AND shipment_stage = 'shipped'`,
          [cardRef, this.clock.now()],
        );
        const row = await this.cardRow(this.db, cardRef);
        if (row.delivered_at) await this.deliver({ type: 'card.shipment', cardRef, stage: 'delivered', at: row.delivered_at.toISOString() });
        return;
      }
      case 'activate': {
        const outcome = await this.outcome(cardRef, 'activate');
        if (outcome === 'reject' || outcome === 'fail') {
          await this.deliver({ type: 'card.activationFailed', cardRef, reason: SANDBOX_REASONS[outcome] });
          return;
        }
        await this.moveState(this.db, cardRef, ['shipped'], 'active');
        const row = await this.cardRow(this.db, cardRef);
        if (row.state === 'active' || row.state === 'frozen') await this.deliver({ type: 'card.activated', cardRef });
        else await this.deliver({ type: 'card.activationFailed', cardRef, reason: 'INVALID_CARD_STATE' });
        return;
      }
      case 'freeze':
      case 'unfreeze': {
        const freezing = payload.op === 'freeze';
        const outcome = await this.outcome(cardRef, payload.op);
        if (outcome === 'reject' || outcome === 'fail') {
          await this.deliver(
            freezing
              ? { type: 'card.freezeFailed', cardRef, reason: SANDBOX_REASONS[outcome] }
              : { type: 'card.unfreezeFailed', cardRef, reason: SANDBOX_REASONS[outcome] },
          );
          return;
        }
        await this.moveState(this.db, cardRef, [freezing ? 'active' : 'frozen'], freezing ? 'frozen' : 'active');
        const row = await this.cardRow(this.db, cardRef);
        if (row.state === (freezing ? 'frozen' : 'active')) {
          await this.deliver(freezing ? { type: 'card.frozen', cardRef } : { type: 'card.unfrozen', cardRef });
        } else {
          await this.deliver(
            freezing
              ? { type: 'card.freezeFailed', cardRef, reason: 'INVALID_CARD_STATE' }
              : { type: 'card.unfreezeFailed', cardRef, reason: 'INVALID_CARD_STATE' },
          );
        }
        return;
      }
      case 'close':
      case 'block': {
        const closing = payload.op === 'close';
        const outcome = await this.outcome(cardRef, payload.op);
        if (outcome === 'reject' || outcome === 'fail') {
          await this.deliver(
            closing
              ? { type: 'card.closeFailed', cardRef, reason: SANDBOX_REASONS[outcome] }
              : { type: 'card.blockFailed', cardRef, reason: SANDBOX_REASONS[outcome] },
          );
          return;
        }
        const target: IssuerCardState = closing ? 'closed' : 'blocked';
        // Any live state ends here for good; a card already in the target state answers the same event again.
        if (await this.moveState(this.db, cardRef, ['shipped', 'active', 'frozen'], target)) {
          if (!closing) await this.db.query('UPDATE sandbox_card_issuer_cards SET block_reason = $2 WHERE card_ref = $1', [cardRef, payload.blockReason ?? null]);
        }
        const row = await this.cardRow(this.db, cardRef);
        if (row.state === target) {
          await this.deliver(closing ? { type: 'card.closed', cardRef } : { type: 'card.blocked', cardRef });
          await this.book(`end:${cardRef}`, cardRef, -(await this.cardHolding(cardRef)), true); // its money goes back to the program
        } else {
          const reason = 'INVALID_CARD_STATE';
          await this.deliver(closing ? { type: 'card.closeFailed', cardRef, reason } : { type: 'card.blockFailed', cardRef, reason });
        }
        return;
      }
      case 'topup': {
        const topupRef = payload.topupRef;
        if (!topupRef) throw new Error('sandbox topup step without topupRef');
        const outcome = await this.outcome(cardRef, 'topup');
        if (outcome === 'reject' || outcome === 'fail') {
          await this.deliver({ type: 'topup.failed', cardRef, topupRef, reason: SANDBOX_REASONS[outcome] });
        } else {
          const loaded = payload.amount !== undefined && payload.currency ? { amount: payload.amount, currency: payload.currency } : await this.requestedTopUp(topupRef);
          await this.deliver({ type: 'topup.completed', cardRef, topupRef, ...loaded });
          await this.book(`topup:${topupRef}`, cardRef, loaded.amount);
        }
        return;
      }
    }
  }
}
