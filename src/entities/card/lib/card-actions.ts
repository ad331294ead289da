/**
 * A card action as the card screen shows it (widgets/card-panel): each card feature (features/card/*) describes its
 * own action with one of these, and the card screen lists them (pages/card-detail, config/card-actions.ts). The
 * panel renders the actions whose `when` the card's allowedActions name (the server derives them from the card's
 * state, docs/api.md "Cards"), in the list's order; it names no feature.
 */
import type { ComponentType } from 'react';
import type { Card, CardAction } from '@/shared/contract';

export interface CardActionPlugin {
  /** Stable name (React key). */
  id: string;
  /** Shown while the card allows any of these (its `allowedActions`). */
  when: readonly CardAction[];
  /**
   * The action's control for this card: in the action row (`slot: 'actions'`, the default), or under the card's status
   * line (`slot: 'status'`: what an ended card still offers). It may render nothing for a finer reason of its own.
   */
  Control: ComponentType<{ card: Card; className?: string }>;
  slot?: 'actions' | 'status';
  /** The control spans the whole action row (the one thing to do in the card's state). */
  wide?: boolean;
  /** Mounted once beside the panel, whatever the card's state: the action's sheet or dialog (its model opens it). */
  Overlay?: ComponentType;
  /** Shown under the action row for this card, whatever its state (revealed card data; it renders nothing otherwise). */
  Details?: ComponentType<{ card: Card }>;
  /** The full card number the face shows instead of its mask while this action has it (a React hook). */
  useFaceNumber?: (card: Card) => string | undefined;
}

/** The actions `plugins` offer for `card` in `slot`, in their order. */
export const cardActionsFor = (plugins: readonly CardActionPlugin[], card: Card, slot: 'actions' | 'status'): CardActionPlugin[] =>
  plugins.filter((plugin) => (plugin.slot ?? 'actions') === slot && plugin.when.some((action) => card.allowedActions.includes(action)));
