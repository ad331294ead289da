import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readSandboxMailbox } from '../mail';
import type { Db } from '../../db/db';
import { httpErrors } from '../../http/errors';
import { route } from '../../http/route';
import { normalizeEmail, type UsersService } from '../../modules/users';
import { devMailbox, devSetVerification, SANDBOX_TOKEN_HEADER } from './dev-endpoints';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The sandbox mailbox holds everyone's sign-in codes, so it answers only to whoever holds SANDBOX_TOKEN (the
 * operator, test harnesses and load scripts), never to an anonymous caller (docs/server.md "Sandbox").
 */
export const requireSandboxToken = (request: FastifyRequest, sandboxToken: string, what = 'sandbox mailbox'): void => {
  const given = request.headers[SANDBOX_TOKEN_HEADER];
  if (typeof given !== 'string' || !sandboxToken || !sameSecret(given, sandboxToken)) {
    throw httpErrors.unauthorized(`The ${what} needs the ${SANDBOX_TOKEN_HEADER} header with the server's SANDBOX_TOKEN.`);
  }
};

/** Registered only while SANDBOX is on; otherwise /api/dev/* answers 404. */
export const registerDevRoutes = (app: FastifyInstance, db: Db, users: UsersService, sandboxToken: string): void => {
  route(app, devMailbox, async ({ query, request }) => {
    requireSandboxToken(request, sandboxToken);
    return { messages: await readSandboxMailbox(db, normalizeEmail(query.email)) };
  });
  route(app, devSetVerification, ({ body }) => users.setVerificationStatus(body.email, body.status));
};
