/**
 * The panels of a user's picture: the picture itself (entities/customer), the ledger (paged), cards with their
 * events, sessions and notes, each asked again after the action that changes it. Every load is an audited view.
 */
import { createEvent, createStore, sample } from 'effector';
import { createApiQuery, errorMessageOf } from '@/shared/api';
import { opsUsersCards, opsUsersLedger, opsUsersNotes, opsUsersSessions } from '@/shared/contract/ops';
import { pictureRequested } from '@/ops/entities/customer';
import { blockCard } from '@/ops/features/card-block';
import { endSessions } from '@/ops/features/end-sessions';
import { noteAdded } from '@/ops/features/user-note';
import { createPagedList } from '@/ops/shared/api';

/** The page shows this user. */
export const userShown = createEvent<string>();
const $userId = createStore<string | null>(null).on(userShown, (_, userId) => userId);

export const ledgerList = createPagedList(opsUsersLedger, 'ops.users.ledger', 'ops-users:loadFailed');
const cardsQuery = createApiQuery(opsUsersCards, { cached: false });
const sessionsQuery = createApiQuery(opsUsersSessions, { cached: false });
const notesQuery = createApiQuery(opsUsersNotes, { cached: false });
export const $cards = cardsQuery.$data.map((data) => data?.items ?? []);
export const $sessions = sessionsQuery.$data.map((data) => data?.items ?? []);
export const $notes = notesQuery.$data.map((data) => data?.items ?? []);
export const $panelsError = errorMessageOf(cardsQuery, 'ops-users:loadFailed');

const forUser = (userId: string) => ({ params: { userId } });
sample({ clock: userShown, target: pictureRequested });
sample({ clock: userShown, fn: (userId) => ({ params: { userId }, query: { limit: 20 } }), target: ledgerList.loaded });
sample({ clock: userShown, fn: forUser, target: [cardsQuery.start, sessionsQuery.start, notesQuery.start] });
// After an action, its panel is asked again.
const shown = { source: $userId, filter: (userId: string | null): userId is string => userId !== null, fn: forUser };
sample({ clock: blockCard.done, ...shown, target: cardsQuery.start });
sample({ clock: endSessions.done, ...shown, target: sessionsQuery.start });
sample({ clock: noteAdded, ...shown, target: notesQuery.start });
