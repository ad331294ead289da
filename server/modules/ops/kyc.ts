/**
 * The verification review (docs/ops.md "Verification"): the queue of users under verification with what they gave and
 * the provider's result, and compliance's decision. Viewing the queue is a view of users' data (audited); a decision
 * is audited with the state before and after and the reason.
 */
import type { InfoRequestItem } from '@/shared/contract/users';
import type { opsKycDecide, opsKycQueue, ReviewItem } from '@/shared/contract/ops';
import { decideVerification, lockAccount } from '../users';
import { actorOf, writeAudit } from './audit';
import { decodeCursor, encodeCursor } from './cursor';
import { KYC_COLUMNS, SUMMARY_COLUMNS, toKycCheck, toSummary, type KycRow, type SummaryRow } from './customers/summary';
import { opsError } from './errors';
import type { OpsRequest } from './shared';

interface QueueRow extends SummaryRow, KycRow {
  telegram_username: string | null;
  verification_request: InfoRequestItem[] | null;
  verification_requested_at: Date | null;
  waiting_since: Date;
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(.{1,64})$/;

export const reviewQueue = async (ctx: OpsRequest<typeof opsKycQueue>) => {
  const { db, query } = ctx;
  const limit = query.limit ?? 20;
  const after = query.cursor ? decodeCursor(query.cursor, (key) => CURSOR.exec(key)) : null;
  const rows = await db.query<QueueRow>(
    `SELECT ${SUMMARY_COLUMNS}, ${KYC_COLUMNS}, u.telegram_username, u.verification_request, u.verification_requested_at,
       coalesce(u.verification_requested_at, u.created_at) AS waiting_since
     FROM users u LEFT JOIN kyc_checks k ON k.user_id = u.id
     WHERE u.verification_status = 'under_verification' AND u.deleted_at IS NULL
       AND ($1::timestamptz IS NULL OR (coalesce(u.verification_requested_at, u.created_at), u.id) > ($1::timestamptz, $2::text))
     ORDER BY waiting_since, u.id LIMIT $3`,
    [after?.[1] ?? null, after?.[2] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  await writeAudit(db, actorOf(ctx), { action: 'kyc.queueViewed', after: { users: page.map((row) => row.id) } });
  return {
    items: page.map(
      (row): ReviewItem => ({
        user: toSummary(row),
        registration: {
          firstName: row.first_name,
          lastName: row.last_name,
          phoneNumber: row.phone_number,
          country: row.country,
          email: row.email,
          telegramUsername: row.telegram_username,
        },
        kyc: toKycCheck(row),
        request:
          row.verification_request && row.verification_requested_at
            ? { items: row.verification_request, at: row.verification_requested_at.toISOString() }
            : null,
        waitingSince: row.waiting_since.toISOString(),
      }),
    ),
    nextCursor: rows.length > limit ? encodeCursor(`${page[page.length - 1]!.waiting_since.toISOString()}|${page[page.length - 1]!.id}`) : null,
  };
};

export const decideReview = async (ctx: OpsRequest<typeof opsKycDecide>) => {
  const { db, params, body } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const account = await lockAccount(q, params.userId);
    if (!account) throw opsError('USER_NOT_FOUND', 'No such user.');
    if (account.deleted_at) throw opsError('USER_DELETED', 'The account was deleted.');
    if (account.verification_status !== 'under_verification') {
      throw opsError('VERIFICATION_NOT_PENDING', `The user is not under verification (${account.verification_status}).`);
    }
    const decision = body.decision === 'requestInfo' ? { decision: body.decision, items: body.items } : { decision: body.decision };
    const status = await decideVerification(q, params.userId, decision, { actor: 'operator', operatorId: actor.operatorId, reason: body.reason, now: actor.at });
    const request = body.decision === 'requestInfo' ? { items: body.items, at: actor.at.toISOString() } : null;
    await writeAudit(q, actor, {
      action: `kyc.${body.decision === 'approve' ? 'approved' : body.decision === 'reject' ? 'rejected' : 'infoRequested'}`,
      targetType: 'user',
      targetId: params.userId,
      userId: params.userId,
      reason: body.reason,
      before: { verificationStatus: account.verification_status },
      after: { verificationStatus: status, request },
    });
    return { userId: params.userId, status, request };
  });
};
