/**
 * The card issuer: the outside company that makes the cards, holds their numbers and moves money on
 * them. Our server talks to it only through this interface (docs/cards.md "Card issuer").
 *
 * Requests are asynchronous, like a real issuer's API: a call only says "accepted" (or throws); the
 * outcome arrives later as an IssuerEvent (a real issuer sends webhooks; the sandbox delivers them
 * from its own jobs). Every request is keyed by our references (card id, top-up id), so sending the
 * same request twice is harmless. Card secrets (PAN, expiry, CVV) never leave the issuer except
 * encrypted to the browser's key (`revealSensitive`).
 */
import type { JsonWebKey } from 'node:crypto';
import type { CardForm, CardScheme, SensitiveData } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import type { StoredDeliveryAddress } from '@/shared/contract/delivery-address';

export interface IssueCardRequest {
  /** Our card id: the issuer keys the card by it. */
  cardRef: string;
  userRef: string;
  productRef: string;
  form: CardForm;
  scheme: CardScheme;
  currency: Currency;
  /** As embossed / printed (Latin capitals). */
  cardholderName: string;
  /** Where a physical card goes (validated by the contract's DeliveryAddress); absent for a virtual card. */
  deliveryAddress?: StoredDeliveryAddress;
  /** What the card holds once issued (minor units of `currency`; 0 for a replacement): the issuer's own books count it. */
  initialLoad?: number;
}

/** What the issuer holds for the program in one currency: every card's money on its side (reconciliation). */
interface IssuerHolding {
  currency: Currency;
  /** Minor units. */
  amount: number;
}

/** A card's spending limits in minor units of its currency; null = none. Month = calendar month in UTC. */
export interface SpendingLimits {
  perPurchase: number | null;
  monthly: number | null;
}

/** Why the issuer itself declined a purchase (it enforces the card's spending limits). */
export type IssuerDeclineReason = 'OVER_PURCHASE_LIMIT' | 'OVER_MONTHLY_LIMIT';

/** Where a physical card is on its way (the issuer's shipment tracking). */
export type ShipmentStageEvent = 'made' | 'shipped' | 'delivered';

/** The carrier that carries a physical card and its tracking number (a tracking page when the carrier has one). */
export interface ShipmentTracking {
  carrier: string;
  number: string;
  url: string | null;
}

export interface TopUpRequest {
  cardRef: string;
  /** Our top-up id. */
  topupRef: string;
  /** Minor units of the card currency. */
  amount: number;
  currency: Currency;
}

export interface BlockCardRequest {
  cardRef: string;
  reason: 'lost' | 'stolen' | 'damaged' | 'suspected_fraud';
}

/** What a merchant reported for a card (an authorisation request, settled at once in the sandbox). */
export interface IssuerTrade {
  /** The issuer's id of the trade: a second delivery with the same id is the same trade. */
  issuerTradeId: string;
  kind: 'purchase' | 'refund';
  /** Positive minor units of the card currency. */
  amount: number;
  currency: Currency;
  merchant: { name: string; mcc: string | null; country: string | null };
  originalAmount: { amount: number; currency: string } | null;
  /**
   * Set when the issuer already declined the purchase on the card's spending limits: the program records the
   * declined trade with this reason (and cannot approve it). Absent/null: the program decides.
   */
  issuerDeclineReason?: IssuerDeclineReason | null;
}

export type IssuerEvent =
  | { type: 'card.issued'; cardRef: string; last4: string }
  | { type: 'card.fabricating'; cardRef: string; last4: string }
  | { type: 'card.shipped'; cardRef: string; last4: string }
  /**
   * Shipment tracking of a physical card: `at` is when the stage was reached (ISO 8601). The carrier's tracking and the
   * expected delivery time come when the issuer knows them (usually with `shipped`); absent = not known (kept as it was).
   */
  | { type: 'card.shipment'; cardRef: string; stage: ShipmentStageEvent; at: string; tracking?: ShipmentTracking; expectedAt?: string }
  | { type: 'card.rejected'; cardRef: string; reason: string }
  | { type: 'card.failed'; cardRef: string; reason: string }
  | { type: 'card.activated'; cardRef: string }
  | { type: 'card.activationFailed'; cardRef: string; reason: string }
  | { type: 'card.frozen'; cardRef: string }
  | { type: 'card.freezeFailed'; cardRef: string; reason: string }
  | { type: 'card.unfrozen'; cardRef: string }
  | { type: 'card.unfreezeFailed'; cardRef: string; reason: string }
  | { type: 'card.closed'; cardRef: string }
  | { type: 'card.closeFailed'; cardRef: string; reason: string }
  | { type: 'card.blocked'; cardRef: string }
  | { type: 'card.blockFailed'; cardRef: string; reason: string }
  /** `amount`/`currency`: what the issuer loaded; the program refuses (and alerts on) anything but what it asked for. */
  | { type: 'topup.completed'; cardRef: string; topupRef: string; amount: number; currency: Currency }
  | { type: 'topup.failed'; cardRef: string; topupRef: string; reason: string }
  | { type: 'trade'; cardRef: string; trade: IssuerTrade };

/** The program's answer to an event; for `trade` it is the authorisation decision. */
export type IssuerEventResult = { handled: true; tradeId?: string; approved?: boolean; declineReason?: string | null } | { handled: false };

/** Receives issuer events. Must be idempotent (events may be delivered more than once). */
export type IssuerEventHandler = (event: IssuerEvent) => Promise<IssuerEventResult>;

export interface CardIssuer {
  readonly name: string;
  /** False: no issuer is configured; card issue is refused up front. */
  readonly available: boolean;
  /** Where events go; the cards module sets it once. */
  setEventHandler(handler: IssuerEventHandler): void;
  /** Accepted: the outcome follows as card.issued | card.fabricating → card.shipped | card.rejected | card.failed. */
  requestIssue(request: IssueCardRequest): Promise<{ issuerCardId: string }>;
  /** Whether `code` is the activation code of this shipped physical card. */
  checkActivationCode(cardRef: string, code: string): Promise<boolean>;
  /** Outcome: card.activated | card.activationFailed. */
  requestActivation(cardRef: string): Promise<void>;
  /** Outcome: card.frozen | card.freezeFailed. */
  requestFreeze(cardRef: string): Promise<void>;
  /** Outcome: card.unfrozen | card.unfreezeFailed. */
  requestUnfreeze(cardRef: string): Promise<void>;
  /** Outcome: topup.completed | topup.failed. */
  requestTopUp(request: TopUpRequest): Promise<void>;
  /**
   * What the issuer holds for the program, per currency: the money of every card on its side, as its books say
   * (docs/ops.md "Reconciliation": compared daily with our card accounts). Throws IssuerUnavailableError when it
   * cannot be asked.
   */
  programBalance(): Promise<IssuerHolding[]>;
  /** Close the card for good (no more authorisations). Outcome: card.closed | card.closeFailed. */
  requestClose(cardRef: string): Promise<void>;
  /** Block the card for good, with why (lost, stolen, damaged, suspected_fraud). Outcome: card.blocked | card.blockFailed. */
  requestBlock(request: BlockCardRequest): Promise<void>;
  /**
   * Replaces both spending limits of the card (synchronous: in force once this resolves; the same call again is
   * harmless). The issuer declines purchases over them and reports them as `trade` events with
   * `issuerDeclineReason`; two purchases at once never both pass the monthly limit.
   */
  setSpendingLimits(cardRef: string, limits: SpendingLimits): Promise<void>;
  /**
   * PAN, expiry, CVV and cardholder name encrypted to the client's ECDH P-256 public key
   * (docs/api.md "Sensitive card data"); `cardRef` is bound in as AES-GCM additional data.
   */
  revealSensitive(request: { cardRef: string; publicKey: JsonWebKey; expiresAt: Date }): Promise<SensitiveData>;
  /**
   * One delivery to POST /api/webhooks/card-issuer in the issuer's own format: the signature over the exact raw body
   * is checked FIRST, then the body becomes an IssuerEvent. Throws IssuerWebhookError ('signature' → 401,
   * 'format' → 400). A redelivery of one event has the same `eventId` (docs/adapters.md).
   */
  parseWebhook(rawBody: string, headers: Record<string, string | undefined>): IssuerWebhook;
}

/** The issuer could not be reached or answered with a server error: try again later. */
export class IssuerUnavailableError extends Error {
  override name = 'IssuerUnavailableError';
}

/** The issuer refused the request itself (unknown card, wrong state on its side). */
export class IssuerRequestError extends Error {
  override name = 'IssuerRequestError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One verified delivery: `eventId` is the same on every redelivery of one event (the program may dedupe on it). */
export interface IssuerWebhook {
  eventId: string;
  event: IssuerEvent;
}
