/**
 * The user an operator is looking at (ops.users.get): profile, verification with history, freeze, balances. Every load
 * is a view of the user's data, audited by the server. Actions answer the new picture (freeze) or ask for it again.
 */
import { createEvent, createStore, sample } from 'effector';
import { createApiQuery, errorMessageOf } from '@/shared/api';
import { opsUsersGet, type UserPicture } from '@/shared/contract/ops';

const pictureQuery = createApiQuery(opsUsersGet, { cached: false });

/** Show this user's picture. */
export const pictureRequested = createEvent<string>();
/** Ask the server again for the user shown (after an action on the account). */
const pictureRefreshRequested = createEvent();
/** An action answered the new picture: show it. */
export const pictureReceived = createEvent<UserPicture>();

export const $picture = createStore<UserPicture | null>(null)
  .on(pictureQuery.finished.success, (_, { result }) => result)
  .on(pictureReceived, (_, picture) => picture)
  .reset(pictureRequested);
const $pictureLoading = pictureQuery.$pending;
export const $pictureError = errorMessageOf(pictureQuery, 'ops-users:loadFailed');

sample({ clock: pictureRequested, fn: (userId) => ({ params: { userId } }), target: pictureQuery.start });
sample({
  clock: pictureRefreshRequested,
  source: $picture,
  filter: (picture) => picture !== null,
  fn: (picture) => ({ params: { userId: picture!.profile.id } }),
  target: pictureQuery.start,
});
