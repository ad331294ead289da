import type { FastifyInstance } from 'fastify';
import type { SandboxCardIssuer } from '../card-issuer';
import type { Db } from '../../db/db';
import { DomainError } from '../../http/errors';
import { route } from '../../http/route';
import {
  devCardActivationCode,
  devCardIssuerCardMode,
  devCardIssuerGet,
  devCardIssuerSet,
  devCardPurchase,
  devCardRefund,
} from './cards-endpoints';
import { cardNotFound, findCard, tradeById } from '../../modules/cards';
import { formatMoney } from '@/shared/money';

const devError = (code: string, message: string, status: number) => new DomainError('cards', code, message, status);

/** Sandbox controls of the simulated issuer (registered only with SANDBOX on). */
export const registerCardDevRoutes = (app: FastifyInstance, deps: { db: Db; sandbox: SandboxCardIssuer }): void => {
  const { db, sandbox } = deps;
  const existingCard = async (id: string) => {
    const card = await findCard(db, id);
    if (!card) throw cardNotFound();
    return card;
  };

  route(app, devCardIssuerGet, () => sandbox.getSettings());
  route(app, devCardIssuerSet, ({ body }) => {
    const { delayMs, ...modes } = body;
    return sandbox.setSettings({ modes, ...(delayMs !== undefined ? { delayMs } : {}) });
  });
  route(app, devCardIssuerCardMode, async ({ params, body }) => {
    await existingCard(params.id);
    await sandbox.setCardModes(params.id, body);
    return { cardId: params.id, ...(await sandbox.effectiveModes(params.id)) };
  });
  route(app, devCardActivationCode, async ({ params, user }) => {
    const card = await existingCard(params.id);
    if (card.user_id !== user.userId) throw cardNotFound();
    if (card.form !== 'physical') throw devError('NOT_PHYSICAL', 'Only physical cards have an activation code.', 409);
    const code = await sandbox.activationCode(card.id);
    if (!code) throw devError('NOT_SHIPPED', `The card has not been shipped yet (status ${card.status}); its code comes with it.`, 409);
    return { cardId: card.id, activationCode: code };
  });

  for (const [endpoint, kind] of [
    [devCardPurchase, 'purchase'],
    [devCardRefund, 'refund'],
  ] as const) {
    route(app, endpoint, async ({ params, body }) => {
      const card = await existingCard(params.id);
      if (!card.issuer_card_id) throw devError('NOT_AT_ISSUER', `The issuer does not know this card yet (status ${card.status}).`, 409);
      if (kind === 'refund') {
        const [row] = await db.query<{ refundable: number }>(
          `SELECT (coalesce(sum(amount) FILTER (WHERE kind = 'purchase'), 0) - coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0))::bigint AS refundable
           FROM card_trades WHERE card_id = $1 AND status = 'completed'`,
          [card.id],
        );
        const refundable = row?.refundable ?? 0;
        if (body.amount > refundable) {
          throw devError('REFUND_TOO_LARGE', `A refund can return at most what was bought and not refunded yet: ${formatMoney({ amount: refundable, currency: card.currency }, 'en')}.`, 422);
        }
      }
      const result = await sandbox.simulateTrade(card.id, {
        kind,
        amount: body.amount,
        merchant: { name: body.merchant ?? 'SANDBOX MERCHANT', mcc: body.mcc ?? null, country: body.country ?? null },
        originalAmount: body.originalAmount ?? null,
      });
      if (!result.handled || !result.tradeId) throw devError('TRADE_NOT_RECORDED', 'The trade was not recorded.', 409);
      return tradeById(db, result.tradeId);
    });
  }
};
