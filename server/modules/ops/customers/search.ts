/** ops.users.search: find a user by what support is told (email, name, phone, user id, Telegram username, USDT tag). */
import type { opsUsersSearch } from '@/shared/contract/ops';
import { actorOf, writeAudit } from '../audit';
import { decodeCursor, encodeCursor } from '../cursor';
import type { OpsRequest } from '../shared';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(.{1,64})$/;
/** `text` for a LIKE pattern (its own % and _ are literal). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export const searchUsers = async (ctx: OpsRequest<typeof opsUsersSearch>) => {
  const { db, query } = ctx;
  const limit = query.limit ?? 20;
  const after = query.cursor ? decodeCursor(query.cursor, (key) => CURSOR.exec(key)) : null;
  const q = query.q?.trim() || null;
  const contains = q ? `%${likeEscaped(q.toLowerCase())}%` : null;
  const digits = q ? q.replace(/[^\d]/g, '') : '';
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM users u
     WHERE ($1::text IS NULL
         OR u.id = $1
         OR lower(u.email) LIKE $2
         OR lower(u.first_name || ' ' || u.last_name) LIKE $2
         OR ($3::text <> '' AND length($3::text) >= 4 AND u.phone_number LIKE '%' || $3 || '%')
         OR lower(coalesce(u.telegram_username, '')) = lower(ltrim($1, '@'))
         OR EXISTS (SELECT 1 FROM usdt_deposit_tags t WHERE t.user_id = u.id AND t.tag = $1))
       AND ($4::timestamptz IS NULL OR (u.created_at, u.id) < ($4::timestamptz, $5::text))
     ORDER BY u.created_at DESC, u.id DESC LIMIT $6`,
    [q, contains, digits, after?.[1] ?? null, after?.[2] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  // A search result shows users' data: the search and who it showed are kept.
  await writeAudit(db, actorOf(ctx), { action: 'users.searched', after: { q, users: page.map((row) => row.id) } });
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > limit ? encodeCursor(`${page[page.length - 1]!.created_at.toISOString()}|${page[page.length - 1]!.id}`) : null,
  };
};
