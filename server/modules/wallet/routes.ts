import type { FastifyInstance } from 'fastify';
import { walletGet, walletSbpCreate, walletSbpGet, walletTransactions } from '@/shared/contract';
import { route } from '../../http/route';
import { WEBHOOK_PATH, type SbpService } from './sbp';
import type { WalletService } from './service';

export const registerWalletRoutes = async (app: FastifyInstance, wallet: WalletService, sbp: SbpService): Promise<void> => {
  route(app, walletGet, ({ user, db }) => wallet.getWallet(user.userId, db), { session: 'with-first-query' });
  route(app, walletTransactions, ({ user, query, db }) => wallet.listTransactions(user.userId, query ?? {}, db), {
    session: 'with-first-query',
  });
  route(app, walletSbpCreate, ({ user, body, idempotencyKey }) => sbp.create(user.userId, idempotencyKey, body));
  route(app, walletSbpGet, ({ user, params }) => sbp.get(user.userId, params.paymentId));

  // The acquirer's callback: server-to-server, signed over the exact raw body, so this scope keeps JSON as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
      const result = await sbp.handleCallback(raw, headers);
      return { success: true, data: result };
    });
  });
};
