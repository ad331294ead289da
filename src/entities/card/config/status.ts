import type { CardStatus } from '@/shared/contract';
import type { BadgeTone } from '@/shared/ui';

/**
 * Statuses in which the issuer still has to answer (docs/api.md: requests are "accepted and then
 * processed", SPEC §4). While a card is in one of them the screens poll it until it settles.
 */
export const TRANSITIONAL_STATUSES: ReadonlySet<CardStatus> = new Set<CardStatus>([
  'pending',
  'processing',
  'fabricating',
  'activating',
  'freezing',
  'unfreezing',
  'closing',
  'blocking',
]);

/** Final statuses: the card will never be usable. */
export const DEAD_STATUSES: ReadonlySet<CardStatus> = new Set<CardStatus>(['rejected', 'failed', 'closed', 'blocked']);
/** Final by the user's own choice (closed, blocked for good): not an issue failure. */
export const ENDED_STATUSES: ReadonlySet<CardStatus> = new Set<CardStatus>(['closed', 'blocked']);

/** Badge colour of every SPEC §4 status. */
export const STATUS_TONE: Readonly<Record<CardStatus, BadgeTone>> = {
  active: 'success',
  activating: 'info',
  frozen: 'info',
  freezing: 'info',
  unfreezing: 'info',
  pending: 'neutral',
  processing: 'neutral',
  fabricating: 'neutral',
  inactive: 'warning',
  rejected: 'danger',
  failed: 'danger',
  closing: 'neutral',
  closed: 'neutral',
  blocking: 'warning',
  blocked: 'danger',
};

/** How often a card in a transitional status is asked again (ms). */
export const CARD_POLL_INTERVAL_MS = 2_000;
/** After a top-up, how many polls wait for the card balance to change before giving up. */
export const TOP_UP_WATCH_TICKS = 15;
/** Page size of card transactions and trades. */
export const HISTORY_PAGE_LIMIT = 20;
/** The cards list asks for one page this big (users hold a handful of cards; config.cards.maxCards). */
export const CARDS_PAGE_LIMIT = 50;
