/**
 * Money out (issue #36, docs/transfers.md "Withdrawals"): the TRON address book, USDT withdrawals through the TRON sender,
 * RUB withdrawals by SBP payout, their options, email codes and the job that carries them out. This file is the
 * module's plugin: one `bind(endpoint, useCase)` line per endpoint.
 */
import type { FastifyInstance } from 'fastify';
import {
  withdrawalsAddAddress,
  withdrawalsAddresses,
  withdrawalsGet,
  withdrawalsOptions,
  withdrawalsRemoveAddress,
  withdrawalsSbp,
  withdrawalsSendCode,
  withdrawalsUsdt,
} from '@/shared/contract';
import { routesWith } from '../../http/route';
import { appJobRegistry } from '../../jobs';
import { EmailCodeService } from '../auth';
import { defineModule, type ModuleDeps } from '../module';
import { addAddress, listAddresses, removeAddress } from './addresses';
import { processWithdrawal, withdrawalJobGaveUp } from './process';
import { getWithdrawal, getWithdrawalOptions, sendWithdrawalCode, withdrawSbp, withdrawUsdt } from './request';
import { WITHDRAWAL_JOB } from './shared';

export { decideWithdrawal } from './process';
export { toWithdrawal, type WithdrawalRow } from './shared';

const registerWithdrawals = (app: FastifyInstance, { db, clock, config, adapters }: ModuleDeps): void => {
  const mail = adapters.mail;
  if (!mail) throw new Error('withdrawals module: no mail adapter (server/outside-world.ts resolves one)');
  const deps = {
    db,
    clock,
    settings: config.withdrawals,
    tron: adapters.tronSender,
    payouts: adapters.sbpPayouts,
    codes: new EmailCodeService(db, clock, config.jwtSecret),
    mail,
  };
  const bind = routesWith(app, deps);
  bind(withdrawalsOptions, getWithdrawalOptions);
  bind(withdrawalsAddresses, listAddresses);
  bind(withdrawalsAddAddress, addAddress);
  bind(withdrawalsRemoveAddress, removeAddress);
  bind(withdrawalsSendCode, sendWithdrawalCode);
  // The Idempotency-Key is claimed around the handler: the email code is used up once, a replay answers the first result.
  bind(withdrawalsUsdt, withdrawUsdt);
  bind(withdrawalsSbp, withdrawSbp);
  bind(withdrawalsGet, getWithdrawal);
  appJobRegistry(app).register<{ withdrawalId: string }>(WITHDRAWAL_JOB, (payload) => processWithdrawal(deps, payload), {
    onFailure: (q, payload, ctx) => withdrawalJobGaveUp(q, payload, ctx),
  });
};

export const withdrawalsModule = defineModule({ name: 'withdrawals', register: registerWithdrawals });
