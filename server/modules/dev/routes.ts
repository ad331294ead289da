import type { FastifyInstance } from 'fastify';
import { readSandboxMailbox } from '../../adapters/mail/sandbox';
import type { Db } from '../../db/db';
import { route } from '../../http/route';
import { normalizeEmail, type UsersService } from '../users/service';
import { devMailbox, devSetVerification } from './endpoints';

/** Registered only while SANDBOX is on; otherwise /api/dev/* answers 404. */
export const registerDevRoutes = (app: FastifyInstance, db: Db, users: UsersService): void => {
  route(app, devMailbox, async ({ query }) => ({ messages: await readSandboxMailbox(db, normalizeEmail(query.email)) }));
  route(app, devSetVerification, ({ body }) => users.setVerificationStatus(body.email, body.status));
};
