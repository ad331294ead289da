/**
 * Statements (CSV or PDF of a wallet currency or a card over a period) and receipts (one transaction's PDF), through single-use download links
 * (docs/api.md "History search and statements"). The history filters themselves live in the wallet and cards modules.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RECEIPT_DOWNLOAD, receiptsCreateLink, STATEMENT_DOWNLOAD, statementsCreateLink } from '@/shared/contract';
import { route, toFastifyPath } from '../../http/route';
import { defineModule, type ModuleDeps } from '../module';
import { ReceiptsService } from './receipts';
import { StatementsService, type StatementFile } from './service';

/** A downloaded file: an attachment nobody caches, no referrer leaves with it. */
const sendFile = (reply: FastifyReply, { fileName, contentType, body }: StatementFile) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);

const registerStatements = (app: FastifyInstance, { db, clock }: ModuleDeps): void => {
  const statements = new StatementsService({ db, clock });
  const receipts = new ReceiptsService({ db, clock, details: { db, warn: (msg, data = {}) => app.log.warn(data, msg) } });
  route(app, statementsCreateLink, ({ user, body }) => statements.createLink(user.userId, body));
  route(app, receiptsCreateLink, ({ user, body }) => receipts.createLink(user.userId, body));
  // No bearer token: the link itself is the one-time permission (Telegram's downloadFile fetches it without our headers).
  app.get(toFastifyPath(STATEMENT_DOWNLOAD.path), async (request, reply) => {
    const { token } = request.params as { token?: string };
    return sendFile(reply, await statements.download(typeof token === 'string' ? token : ''));
  });
  app.get(toFastifyPath(RECEIPT_DOWNLOAD.path), async (request, reply) => {
    const { token } = request.params as { token?: string };
    return sendFile(reply, await receipts.download(typeof token === 'string' ? token : ''));
  });
};

export const statementsModule = defineModule({ name: 'statements', register: registerStatements });
