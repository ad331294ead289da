import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readSandboxMailbox } from '../mail';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { httpErrors } from '../../http/errors';
import { route } from '../../http/route';
import { normalizeEmail, setVerificationByEmail } from '../../modules/users';
import { devMailbox, devResetCodeLimit, devSetVerification, SANDBOX_TOKEN_HEADER } from './dev-endpoints';

/** Constant-time comparison of a given secret with the expected one. */
export const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The sandbox mailbox holds everyone's sign-in codes, so it answers only to whoever holds SANDBOX_TOKEN (the
 * operator, test harnesses and load scripts), never to an anonymous caller (docs/sandbox.md "Sandbox").
 */
export const requireSandboxToken = (request: FastifyRequest, sandboxToken: string, what = 'sandbox mailbox'): void => {
  const given = request.headers[SANDBOX_TOKEN_HEADER];
  if (typeof given !== 'string' || !sandboxToken || !sameSecret(given, sandboxToken)) {
    throw httpErrors.unauthorized(`The ${what} needs the ${SANDBOX_TOKEN_HEADER} header with the server's SANDBOX_TOKEN.`);
  }
};

/** Registered only while SANDBOX is on; otherwise /api/dev/* answers 404. */
export const registerDevRoutes = (app: FastifyInstance, db: Db, clock: Clock, sandboxToken: string): void => {
  route(app, devMailbox, async ({ query, request }) => {
    requireSandboxToken(request, sandboxToken);
    return { messages: await readSandboxMailbox(db, normalizeEmail(query.email)) };
  });
  route(app, devSetVerification, ({ body }) => setVerificationByEmail(db, clock, body.email, body.status));
  route(app, devResetCodeLimit, async ({ body, request }) => {
    requireSandboxToken(request, sandboxToken, 'code limit reset');
    return resetCodeLimit(db, body.ip ?? request.ip);
  });
};

/**
 * The per-network code limit counts `email_codes` rows by `client_ip` over the last hour (auth/email-codes.ts): a reset
 * re-labels that address's rows (`sandbox-reset:<ip>`), so they stop counting while the codes stay usable.
 */
const resetCodeLimit = async (db: Db, ip: string): Promise<{ ip: string; reset: number }> => {
  const rows = await db.query<{ id: number }>(`UPDATE email_codes SET client_ip = 'sandbox-reset:' || client_ip WHERE client_ip = $1 RETURNING id`, [ip]);
  return { ip, reset: rows.length };
};
