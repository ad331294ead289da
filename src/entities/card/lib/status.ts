import type { CardStatus } from '@/shared/contract';
import { DEAD_STATUSES, ENDED_STATUSES, STATUS_TONE, TRANSITIONAL_STATUSES } from '../config/status';

export const isTransitionalStatus = (status: CardStatus): boolean => TRANSITIONAL_STATUSES.has(status);
export const isDeadStatus = (status: CardStatus): boolean => DEAD_STATUSES.has(status);
export const statusTone = (status: CardStatus) => STATUS_TONE[status];
/** Closed or blocked for good by the user (not an issue failure). */
export const isEndedStatus = (status: CardStatus): boolean => ENDED_STATUSES.has(status);
