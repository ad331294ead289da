/**
 * Statements (CSV or PDF of a wallet currency or a card over a period) and receipts (one transaction's PDF), through single-use download links
 * (docs/api.md "History search and statements"). The history filters themselves live in the wallet and cards modules.
 * This file is the module's plugin: each endpoint bound to its use case, and the two download routes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RECEIPT_DOWNLOAD, receiptsCreateLink, STATEMENT_DOWNLOAD, statementsCreateLink } from '@/shared/contract';
import { routesWith, toFastifyPath } from '../../http/route';
import { defineModule, type ModuleDeps } from '../module';
import { createReceiptLink, downloadReceipt } from './receipts';
import type { StatementsDeps } from './shared';
import { createStatementLink, downloadStatement, type StatementFile } from './statements';

/** A downloaded file: an attachment nobody caches, no referrer leaves with it. */
const sendFile = (reply: FastifyReply, { fileName, contentType, body }: StatementFile) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);

const registerStatements = (app: FastifyInstance, { db, clock }: ModuleDeps): void => {
  const deps: StatementsDeps = { db, clock, warn: (msg, data = {}) => app.log.warn(data, msg) };
  const bind = routesWith(app, deps);
  bind(statementsCreateLink, createStatementLink);
  bind(receiptsCreateLink, createReceiptLink);
  // No bearer token: the link itself is the one-time permission (Telegram's downloadFile fetches it without our headers).
  app.get(toFastifyPath(STATEMENT_DOWNLOAD.path), async (request, reply) => {
    const { token } = request.params as { token?: string };
    return sendFile(reply, await downloadStatement(deps, typeof token === 'string' ? token : ''));
  });
  app.get(toFastifyPath(RECEIPT_DOWNLOAD.path), async (request, reply) => {
    const { token } = request.params as { token?: string };
    return sendFile(reply, await downloadReceipt(deps, typeof token === 'string' ? token : ''));
  });
};

export const statementsModule = defineModule({ name: 'statements', register: registerStatements });
