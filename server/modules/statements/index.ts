/**
 * Statements: CSV exports of a wallet currency or a card over a period, through single-use download links
 * (docs/api.md "History search and statements"). The history filters themselves live in the wallet and cards modules.
 */
import type { FastifyInstance } from 'fastify';
import { STATEMENT_DOWNLOAD, statementsCreateLink } from '@/shared/contract';
import { route, toFastifyPath } from '../../http/route';
import { defineModule, type ModuleDeps } from '../module';
import { StatementsService } from './service';

const registerStatements = (app: FastifyInstance, { db, clock }: ModuleDeps): void => {
  const statements = new StatementsService({ db, clock });
  route(app, statementsCreateLink, ({ user, body }) => statements.createLink(user.userId, body));
  // No bearer token: the link itself is the one-time permission (Telegram's downloadFile fetches it without our headers).
  app.get(toFastifyPath(STATEMENT_DOWNLOAD.path), async (request, reply) => {
    const { token } = request.params as { token?: string };
    const { fileName, csv } = await statements.download(typeof token === 'string' ? token : '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(csv);
  });
};

export const statementsModule = defineModule({ name: 'statements', register: registerStatements });
