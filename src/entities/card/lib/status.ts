import type { CardStatus, ShipmentStage } from '@/shared/contract';
import { DEAD_STATUSES, ENDED_STATUSES, STATUS_TONE, TRANSITIONAL_STATUSES } from '../config/status';
import { cardTexts } from '../i18n/texts';

export const isTransitionalStatus = (status: CardStatus): boolean => TRANSITIONAL_STATUSES.has(status);
export const isDeadStatus = (status: CardStatus): boolean => DEAD_STATUSES.has(status);
export const statusTone = (status: CardStatus) => STATUS_TONE[status];
/** Closed or blocked for good by the user (not an issue failure). */
export const isEndedStatus = (status: CardStatus): boolean => ENDED_STATUSES.has(status);

/**
 * The sentence under the card (`card:statusHint.*`, this entity's texts). A physical card waiting for activation says where it is: being
 * made, on its way, or delivered (never "on its way" once the carrier has delivered it).
 */
export const statusHintKey = (status: CardStatus, shipment: ShipmentStage | null): string =>
  status === 'inactive' && shipment ? `${cardTexts.ns}:statusHint.inactiveShipment.${shipment}` : `${cardTexts.ns}:statusHint.${status}`;
