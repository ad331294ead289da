/**
 * The activity centre (issue #35 "Notifications anyone can see"; GET /api/activity, /api/activity/unread, POST
 * /api/activity/read): the events the bot tells a linked chat about, for every user. The unread count is the badge of
 * Settings' "Activity" row; opening the list shows what was new (marked "New" for this visit) and tells the server the
 * user has seen everything up to the newest entry shown (an event that arrives later stays unread).
 */
import { createEvent, createStore, sample } from 'effector';
import { apiDataReset, createApiMutation, createApiQuery, createShowMore, errorMessageOf, queryState } from '@/shared/api';
import { ACTIVITY_UNREAD_CAP, activityList, activityMarkRead, activityUnread } from '@/shared/contract';

/** Entries per page. */
const ACTIVITY_PAGE_SIZE = 20;
export { ACTIVITY_UNREAD_CAP };

// Never from the cache: the list and its count are news, asked afresh each time.
const activityUnreadQuery = createApiQuery(activityUnread, { cached: false });
const activityListQuery = createApiQuery(activityList, { cached: false });
const activityMoreQuery = createApiQuery(activityList, { name: 'activity.list.more', cached: false });
const activityMarkReadMutation = createApiMutation(activityMarkRead);

/** Something shows the badge: loads the unread count. */
export const activityUnreadRequested = createEvent();
/** The list opened: its first page (then marked read). */
export const activityOpened = createEvent();
/** "Show more". */
export const moreActivityRequested = createEvent();

/** Unread entries (at most ACTIVITY_UNREAD_CAP): the latest of what the server said. */
export const $activityUnread = createStore(0)
  .on(activityUnreadQuery.finished.success, (_, { result }) => result.unread)
  .on(activityListQuery.finished.success, (_, { result }) => result.unread)
  .on(activityMarkReadMutation.finished.success, (_, { result }) => result.unread)
  .reset(apiDataReset);

const list = createShowMore({
  first: activityListQuery,
  more: activityMoreQuery,
  moreRequested: moreActivityRequested,
  nextPage: (cursor) => ({ query: { cursor, limit: ACTIVITY_PAGE_SIZE } }),
});
/** Entries loaded so far, newest first, each once. */
export const $activityItems = list.$items;
export const $hasMoreActivity = list.$hasMore;
export const $loadingMoreActivity = list.$loadingMore;
export const $activityState = queryState(activityListQuery);
// The screen titles a failed load itself ("Couldn't load your activity."): an error without words of its own is detailed generically.
export const $activityError = errorMessageOf(activityListQuery, 'errors:general.fetchFailed');
export const $moreActivityError = errorMessageOf(activityMoreQuery, 'errors:general.fetchFailed');

sample({ clock: activityUnreadRequested, fn: () => undefined, target: activityUnreadQuery.start });
sample({ clock: activityOpened, fn: () => ({ query: { limit: ACTIVITY_PAGE_SIZE } }), target: activityListQuery.start });
// Seen: everything up to the newest entry shown is read (the entries keep their "New" for this visit).
sample({
  clock: activityListQuery.finished.success,
  filter: ({ result }) => result.unread > 0 && result.items.length > 0,
  fn: ({ result }) => ({ body: { upTo: result.items[0]!.createdAt } }),
  target: activityMarkReadMutation.start,
});
