/**
 * The activity centre (issue #35, docs/notifications.md "Bot notifications"): every event the bot notifies about is also
 * recorded here, for every user (Telegram linked or not, whatever the bot's switches say), by notifyUser in the
 * event's own transaction. The app lists them (GET /api/activity), shows the unread count (GET /api/activity/unread)
 * and marks what the user saw (POST /api/activity/read).
 */
import {
  ACTIVITY_UNREAD_CAP,
  ActivityEvent,
  type ActivityItem,
  type activityList,
  type activityMarkRead,
  type ActivityPage,
  type activityUnread,
} from '@/shared/contract';
import type { Queryable } from '../../db/db';
import type { RequestContext } from '../../http/route';
import { cursorDate, decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from '../products';

interface ActivityRow extends Record<string, unknown> {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
}

/** Records one event (its id: the notification's, so an event applied twice is listed once). */
export const recordActivity = async (q: Queryable, userId: string, id: string, event: ActivityEvent, now: Date): Promise<void> => {
  const { kind, ...params } = event;
  await q.query(
    `INSERT INTO activity_events (id, user_id, kind, params, created_at) VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT (id) DO NOTHING`,
    [id, userId, kind, JSON.stringify(params), now],
  );
};

/** Unread entries, counted up to the cap (the badge says "99+" beyond): never a scan of a long history. */
const countUnread = async (q: Queryable, userId: string): Promise<number> => {
  const [row] = await q.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM activity_events WHERE user_id = $1 AND read_at IS NULL LIMIT $2) unread',
    [userId, ACTIVITY_UNREAD_CAP],
  );
  return Number(row?.n ?? 0);
};

/** A stored row as the contract's item; a row whose details no longer fit the contract is left out (never a 500). */
const toItem = (row: ActivityRow): ActivityItem | null => {
  const event = ActivityEvent.safeParse({ ...row.params, kind: row.kind });
  if (!event.success) return null;
  return { ...event.data, id: row.id, createdAt: row.created_at.toISOString(), read: row.read_at !== null };
};

/** GET /api/activity: newest first, keyset-paginated over (created_at, id), with the unread count. */
export const listActivity = async ({ db: q, user, query }: RequestContext<typeof activityList, object>): Promise<ActivityPage> => {
  const { userId } = user;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor(query.cursor, ['string', 'string'] as const);
  const rows = await q.query<ActivityRow>(
    `SELECT id, kind, params, created_at, read_at FROM activity_events
      WHERE user_id = $1 ${after ? 'AND (created_at, id) < ($3, $4)' : ''}
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    after ? [userId, limit + 1, cursorDate(after[0]), after[1]] : [userId, limit + 1],
  );
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem).filter((item): item is ActivityItem => item !== null),
    nextCursor: rows.length > limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null,
    unread: await countUnread(q, userId),
  };
};

/** GET /api/activity/unread. */
export const getUnreadCount = async ({ db, user }: RequestContext<typeof activityUnread, object>): Promise<{ unread: number }> => ({
  unread: await countUnread(db, user.userId),
});

/** POST /api/activity/read: marks the entries recorded up to `upTo` read (an event recorded after the list was loaded stays unread). */
export const markActivityRead = async ({ db, clock, user, body }: RequestContext<typeof activityMarkRead, object>): Promise<{ unread: number }> => {
  await db.query('UPDATE activity_events SET read_at = $3 WHERE user_id = $1 AND read_at IS NULL AND created_at <= $2', [user.userId, new Date(body.upTo), clock.now()]);
  return { unread: await countUnread(db, user.userId) };
};
