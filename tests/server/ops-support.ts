/**
 * Helpers of the operator side's server tests (docs/ops.md): an operator made as the command-line tool makes one, then
 * signed in through the API exactly as the console does (email code from the sandbox mailbox, the authenticator code
 * computed from the secret the first sign-in answers).
 */
import { expect } from 'vitest';
import type { OperatorRole } from '@/shared/contract/core';
import { createOperator, totpCodeAt } from '../../server/modules/ops';
import { latestCode, uniqueEmail, uniqueIp, type TestApp } from './harness';

export interface TestOperator {
  id: string;
  email: string;
  roles: OperatorRole[];
  /** The TOTP secret set up at the first sign-in (to sign in again). */
  secret: string;
  token: string;
  /** The renewal cookie (`ops_session=…`), as a Cookie header value. */
  cookie: string;
  headers: Record<string, string>;
}

/** `ops_session=<value>` out of a Set-Cookie header. */
export const sessionCookieOf = (setCookie: string | string[] | undefined): string => {
  const value = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.startsWith('ops_session='));
  return value ? value.split(';')[0]! : '';
};

/** Email code → challenge (as the console's first step). */
export const operatorChallenge = async (t: TestApp, email: string, ip = uniqueIp()) => {
  const sent = await t.call({ method: 'POST', url: '/api/ops/auth/send-code', payload: { email }, remoteAddress: ip });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await latestCode(t, email);
  const verified = await t.call({ method: 'POST', url: '/api/ops/auth/verify-code', payload: { email, code }, remoteAddress: ip });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data as { challenge: string; factor: 'totp' | 'enrollTotp'; enrollment: { secret: string; uri: string } | null };
};

/** The whole sign-in of an operator who has a secret already (or enrols one): moves the clock to a fresh TOTP step. */
export const signInOperator = async (t: TestApp, operator: { email: string; secret?: string }): Promise<{ token: string; cookie: string; secret: string }> => {
  t.clock.advance(61); // past the email code's resend cooldown, and a fresh TOTP step (a code is accepted once)
  const step = await operatorChallenge(t, operator.email);
  const secret = step.enrollment?.secret ?? operator.secret;
  if (!secret) throw new Error('no TOTP secret for this operator');
  const code = await totpCodeAt(secret, t.clock.now());
  const done = await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: step.challenge, code } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { token: done.body.data.accessToken, cookie: sessionCookieOf(done.headers['set-cookie']), secret };
};

/** A new operator with these roles, signed in (second factor enrolled). */
export const newOperator = async (t: TestApp, roles: OperatorRole[], name = 'Olga Operator'): Promise<TestOperator> => {
  const email = uniqueEmail(`op-${roles.join('-')}`);
  const created = await createOperator(t.db, t.clock, { email, name, roles });
  const session = await signInOperator(t, { email });
  return { id: created.id, email, roles, ...session, headers: { authorization: `Bearer ${session.token}` } };
};
