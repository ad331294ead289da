/**
 * The card life cycle over the eleven SPEC §4 statuses: one pure table. Every status change of a card
 * goes through `transition()`; what the user may do is derived from the same table (`allowedActions`).
 * Documented in docs/cards.md "Card statuses".
 *
 *   issue (virtual):  pending → processing → active
 *   issue (physical): pending → processing → fabricating → inactive (shipped) → activating → active
 *   freeze:           active → freezing → frozen        (issuer refuses: freezing → active)
 *   unfreeze:         frozen → unfreezing → active      (issuer refuses: unfreezing → frozen)
 *   issuer rejects:   pending | processing | fabricating → rejected   (money refunded)
 *   issue fails:      pending | processing | fabricating → failed     (money refunded)
 *   close:            active | frozen → closing → closed             (issuer refuses: closing → frozen)
 *   block (for good): active | frozen → blocking → blocked           (issuer refuses: blocking → frozen)
 *   closed and blocked are final; the balance goes back to the wallet when the issuer confirms (docs/cards.md
 *   "Card lifecycle").
 */
import type { CardAction, CardForm, CardStatus } from '@/shared/contract/cards';

export type CardEvent =
  /** The issuer accepted the issue request and is working on it. */
  | 'issueAccepted'
  /** A virtual card is ready to use. */
  | 'issued'
  /** A physical card went into production. */
  | 'fabricationStarted'
  /** A physical card was made and shipped; it waits for the activation code. */
  | 'shipped'
  /** The issuer refused the card (KYC, risk): final. */
  | 'issueRejected'
  /** Issuing failed technically: final. */
  | 'issueFailed'
  /** The user entered the right activation code. */
  | 'activationRequested'
  | 'activated'
  /** The issuer did not activate the card: back to inactive, the user may try again. */
  | 'activationFailed'
  | 'freezeRequested'
  | 'frozen'
  | 'freezeFailed'
  | 'unfreezeRequested'
  | 'unfrozen'
  | 'unfreezeFailed'
  /** The user closes the card for good. */
  | 'closeRequested'
  | 'closed'
  /** The issuer did not close it: the card stays frozen (never spendable again by surprise); the user may retry. */
  | 'closeFailed'
  /** The user blocks the card for good (lost, stolen, damaged, suspected fraud). */
  | 'blockRequested'
  | 'blocked'
  | 'blockFailed';

interface TransitionRule {
  from: readonly CardStatus[];
  to: CardStatus;
  /** Only cards of this form. */
  form?: CardForm;
}

/** The whole life cycle. Anything not listed here is refused. */
const CARD_TRANSITIONS: Readonly<Record<CardEvent, TransitionRule>> = {
  issueAccepted: { from: ['pending'], to: 'processing' },
  issued: { from: ['pending', 'processing'], to: 'active', form: 'virtual' },
  fabricationStarted: { from: ['pending', 'processing'], to: 'fabricating', form: 'physical' },
  shipped: { from: ['fabricating'], to: 'inactive', form: 'physical' },
  issueRejected: { from: ['pending', 'processing', 'fabricating'], to: 'rejected' },
  issueFailed: { from: ['pending', 'processing', 'fabricating'], to: 'failed' },
  activationRequested: { from: ['inactive'], to: 'activating', form: 'physical' },
  activated: { from: ['activating'], to: 'active', form: 'physical' },
  activationFailed: { from: ['activating'], to: 'inactive', form: 'physical' },
  freezeRequested: { from: ['active'], to: 'freezing' },
  frozen: { from: ['freezing'], to: 'frozen' },
  freezeFailed: { from: ['freezing'], to: 'active' },
  unfreezeRequested: { from: ['frozen'], to: 'unfreezing' },
  unfrozen: { from: ['unfreezing'], to: 'active' },
  unfreezeFailed: { from: ['unfreezing'], to: 'frozen' },
  closeRequested: { from: ['active', 'frozen'], to: 'closing' },
  closed: { from: ['closing'], to: 'closed' },
  closeFailed: { from: ['closing'], to: 'frozen' },
  blockRequested: { from: ['active', 'frozen'], to: 'blocking' },
  blocked: { from: ['blocking'], to: 'blocked' },
  blockFailed: { from: ['blocking'], to: 'frozen' },
};

export const CARD_EVENTS = Object.keys(CARD_TRANSITIONS) as CardEvent[];

/** Statuses a card never leaves. */
const FINAL_STATUSES: readonly CardStatus[] = ['rejected', 'failed', 'closed', 'blocked'];
/** Statuses in which the issuer still has to answer something. */
const TRANSITIONAL_STATUSES: readonly CardStatus[] = ['pending', 'processing', 'fabricating', 'activating', 'freezing', 'unfreezing', 'closing', 'blocking'];
/** Cards in these statuses leave GET /api/cards for the archive (GET /api/cards/archive). */
const ARCHIVED_STATUSES: readonly CardStatus[] = ['rejected', 'failed', 'closed', 'blocked'];
/** The same list as an SQL literal list (constants only), for `status IN (...)`. */
export const ARCHIVED_STATUSES_SQL = `(${ARCHIVED_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Why a card in this status cannot do what was asked (appended to the refusal). */
const STATUS_EXPLANATION: Record<CardStatus, string> = {
  pending: 'the card is still being issued',
  processing: 'the card is still being issued',
  fabricating: 'the card is being made and shipped',
  inactive: 'the card is not activated yet: activate it with the code from its envelope first',
  activating: 'the card is being activated',
  active: 'the card is active',
  freezing: 'the card is being frozen',
  frozen: 'the card is frozen: unfreeze it first',
  unfreezing: 'the card is being unfrozen',
  rejected: 'the issuer rejected this card; it cannot be used',
  failed: 'issuing this card failed; it cannot be used',
  closing: 'the card is being closed',
  closed: 'the card is closed for good',
  blocking: 'the card is being blocked',
  blocked: 'the card is blocked for good',
};

export type TransitionResult = { ok: true; from: CardStatus; to: CardStatus } | { ok: false; reason: string };

/** The status after `event`, or why the event makes no sense for this card. Pure. */
export const transition = (card: { status: CardStatus; form: CardForm }, event: CardEvent): TransitionResult => {
  const rule = CARD_TRANSITIONS[event];
  if (rule.form && rule.form !== card.form) {
    return { ok: false, reason: `"${event}" applies to ${rule.form} cards only; this card is ${card.form}.` };
  }
  if (!rule.from.includes(card.status)) {
    return { ok: false, reason: `"${event}" is not possible in status ${card.status} (${STATUS_EXPLANATION[card.status]}).` };
  }
  return { ok: true, from: card.status, to: rule.to };
};

/**
 * User actions: the event each one starts (topup and reveal change no status), and the statuses it is
 * allowed in. allowedActions and the 409 CARD_STATUS_CONFLICT checks both read this table.
 */
const ACTION_RULES: Readonly<Record<CardAction, { from: readonly CardStatus[]; event: CardEvent | null; form?: CardForm }>> = {
  activate: { from: CARD_TRANSITIONS.activationRequested.from, event: 'activationRequested', form: 'physical' },
  freeze: { from: CARD_TRANSITIONS.freezeRequested.from, event: 'freezeRequested' },
  unfreeze: { from: CARD_TRANSITIONS.unfreezeRequested.from, event: 'unfreezeRequested' },
  topup: { from: ['active'], event: null },
  reveal: { from: ['active', 'frozen'], event: null },
  withdraw: { from: ['active', 'frozen'], event: null },
  close: { from: CARD_TRANSITIONS.closeRequested.from, event: 'closeRequested' },
  block: { from: CARD_TRANSITIONS.blockRequested.from, event: 'blockRequested' },
  /** A blocked card not yet replaced (allowedActions drops it once a replacement exists). */
  replace: { from: ['blocked'], event: null },
};

const ACTION_ORDER: readonly CardAction[] = ['activate', 'freeze', 'unfreeze', 'topup', 'reveal', 'withdraw', 'close', 'block', 'replace'];

/** What the client may offer for a card now (Card.allowedActions). */
export const allowedActions = (card: { status: CardStatus; form: CardForm }): CardAction[] =>
  ACTION_ORDER.filter((action) => {
    const rule = ACTION_RULES[action];
    return rule.from.includes(card.status) && (!rule.form || rule.form === card.form);
  });

const ACTION_VERB: Record<CardAction, string> = {
  activate: 'activate',
  freeze: 'freeze',
  unfreeze: 'unfreeze',
  topup: 'top up',
  reveal: 'show the details of',
  withdraw: 'withdraw from',
  close: 'close',
  block: 'block',
  replace: 'replace',
};

/** Extra words for refusals users run into most. */
const SPECIFIC_REFUSALS: Partial<Record<`${CardAction}:${CardStatus}`, string>> = {
  'freeze:frozen': 'Cannot freeze this card: it is already frozen.',
  'unfreeze:active': 'Cannot unfreeze this card: it is not frozen.',
  'activate:active': 'Cannot activate this card: it is already active.',
  'topup:frozen': 'Cannot top up this card: it is frozen. Unfreeze it first.',
  'close:closed': 'Cannot close this card: it is already closed.',
  'block:blocked': 'Cannot block this card: it is already blocked.',
  'replace:active': 'Cannot replace this card: only a blocked card is replaced. Block it first if it is lost or stolen.',
  'replace:frozen': 'Cannot replace this card: only a blocked card is replaced. Block it first if it is lost or stolen.',
};

export type ActionCheck = { ok: true } | { ok: false; message: string };

/** Whether `action` is allowed now, with the message of the 409 when it is not. Pure. */
export const checkAction = (card: { status: CardStatus; form: CardForm }, action: CardAction): ActionCheck => {
  const rule = ACTION_RULES[action];
  if (rule.form && rule.form !== card.form) {
    return { ok: false, message: `Cannot ${ACTION_VERB[action]} this card: only ${rule.form} cards need activation; this ${card.form} card is activated by the issuer.` };
  }
  if (rule.from.includes(card.status)) return { ok: true };
  const specific = SPECIFIC_REFUSALS[`${action}:${card.status}`];
  if (specific) return { ok: false, message: specific };
  return { ok: false, message: `Cannot ${ACTION_VERB[action]} this card: ${STATUS_EXPLANATION[card.status]}.` };
};
