/**
 * What operators do to an account (docs/ops.md "A user's picture"), each audited with before, after and the reason:
 * a note (support, compliance), ending sessions and blocking a card as lost or stolen (support), freezing and
 * unfreezing (compliance). The account's own rules live with it: the users module freezes, the cards module blocks,
 * the auth module ends sessions.
 */
import { randomBytes } from 'node:crypto';
import type { opsCardsBlock, opsUsersAddNote, opsUsersEndSessions, opsUsersFreeze, opsUsersUnfreeze } from '@/shared/contract/ops';
import { isDomainError } from '../../../http/errors';
import { endAllSessions, endSession } from '../../auth';
import { findCard, requestCardBlock } from '../../cards';
import { freezeAccount, lockAccount, unfreezeAccount } from '../../users';
import { actorOf, writeAudit } from '../audit';
import { opsError } from '../errors';
import type { OpsRequest } from '../shared';
import { userPicture } from './picture';
import { NOTE_COLUMNS, opsCardOf, toNote } from './views';

export const addNote = async (ctx: OpsRequest<typeof opsUsersAddNote>) => {
  const { db, params, body } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const [user] = await q.query('SELECT 1 FROM users WHERE id = $1', [params.userId]);
    if (!user) throw opsError('USER_NOT_FOUND', 'No such user.');
    const id = `note_${randomBytes(12).toString('base64url')}`;
    await q.query('INSERT INTO user_notes (id, user_id, operator_id, text, created_at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      params.userId,
      actor.operatorId,
      body.text,
      actor.at,
    ]);
    await writeAudit(q, actor, { action: 'user.noteAdded', targetType: 'note', targetId: id, userId: params.userId, after: { text: body.text } });
    const [row] = await q.query<Parameters<typeof toNote>[0]>(`SELECT ${NOTE_COLUMNS} FROM user_notes n JOIN operators o ON o.id = n.operator_id WHERE n.id = $1`, [id]);
    return toNote(row!);
  });
};

export const endUserSessions = async (ctx: OpsRequest<typeof opsUsersEndSessions>) => {
  const { db, clock, params, body } = ctx;
  const actor = actorOf(ctx);
  const [user] = await db.query('SELECT 1 FROM users WHERE id = $1', [params.userId]);
  if (!user) throw opsError('USER_NOT_FOUND', 'No such user.');
  const ended = body.sessionId
    ? (await endSession(db, clock, params.userId, body.sessionId))
      ? 1
      : 0
    : await db.tx(async (q) => {
        const [{ n }] = (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL', [params.userId])) as [{ n: number }];
        await endAllSessions(q, clock, params.userId);
        return n;
      });
  await writeAudit(db, actor, {
    action: 'user.sessionsEnded',
    targetType: body.sessionId ? 'session' : 'user',
    targetId: body.sessionId ?? params.userId,
    userId: params.userId,
    reason: body.reason,
    after: { ended },
  });
  return { ended };
};

export const blockUserCard = async (ctx: OpsRequest<typeof opsCardsBlock>) => {
  const { db, params, body } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const card = await findCard(q, params.cardId, true);
    if (!card) throw opsError('CARD_NOT_FOUND', 'No such card.');
    const before = { status: card.status, statusReason: card.status_reason };
    try {
      await requestCardBlock(q, card, body.reason, actor.at);
    } catch (error) {
      if (isDomainError(error) && error.code === 'CARD_STATUS_CONFLICT') throw opsError('CARD_NOT_BLOCKABLE', error.message);
      throw error;
    }
    const after = (await findCard(q, card.id))!;
    await writeAudit(q, actor, {
      action: 'card.blocked',
      targetType: 'card',
      targetId: card.id,
      userId: card.user_id,
      reason: body.note,
      before,
      after: { status: after.status, statusReason: after.status_reason, reason: body.reason },
    });
    return opsCardOf(q, after);
  });
};

export const freezeUser = async (ctx: OpsRequest<typeof opsUsersFreeze>) => {
  const { db, params, body } = ctx;
  await db.tx(async (q) => {
    const actor = actorOf(ctx);
    const account = await lockAccount(q, params.userId);
    if (!account) throw opsError('USER_NOT_FOUND', 'No such user.');
    if (account.frozen_reason) throw opsError('ACCOUNT_ALREADY_FROZEN', 'The account is frozen already.');
    await freezeAccount(q, params.userId, { reason: body.reason, note: body.note }, { actor: 'operator', operatorId: actor.operatorId!, reason: body.note, now: actor.at }, account.verification_status);
    await writeAudit(q, actor, {
      action: 'user.frozen',
      targetType: 'user',
      targetId: params.userId,
      userId: params.userId,
      reason: body.note,
      before: { frozen: null },
      after: { frozen: { reason: body.reason } },
    });
  });
  return userPicture(db, params.userId);
};

export const unfreezeUser = async (ctx: OpsRequest<typeof opsUsersUnfreeze>) => {
  const { db, params, body } = ctx;
  await db.tx(async (q) => {
    const actor = actorOf(ctx);
    const account = await lockAccount(q, params.userId);
    if (!account) throw opsError('USER_NOT_FOUND', 'No such user.');
    if (!account.frozen_reason) throw opsError('ACCOUNT_NOT_FROZEN', 'The account is not frozen.');
    await unfreezeAccount(q, params.userId, { actor: 'operator', operatorId: actor.operatorId!, reason: body.note, now: actor.at }, account.verification_status);
    await writeAudit(q, actor, {
      action: 'user.unfrozen',
      targetType: 'user',
      targetId: params.userId,
      userId: params.userId,
      reason: body.note,
      before: { frozen: { reason: account.frozen_reason } },
      after: { frozen: null },
    });
  });
  return userPicture(db, params.userId);
};
