/**
 * The operator side (docs/ops.md): the console's endpoints (`/api/ops/*`, contract `@/shared/contract/ops`), each bound
 * to its use case, one line each. What an operator must be (signed in, one of the endpoint's roles) is declared in the
 * contract and checked by route(); every action and every view of a user's data goes to the audit log.
 */
import type { FastifyInstance } from 'fastify';
import {
  opsReconciliationList,
  opsReconciliationRun,
  opsAdjustmentsApprove,
  opsAdjustmentsList,
  opsAdjustmentsPropose,
  opsAdjustmentsReject,
  opsAuditSearch,
  opsHeldAttribute,
  opsHeldDeposits,
  opsHeldReturn,
  opsHeldSbp,
  opsCardsBlock,
  opsUsersAddNote,
  opsUsersCards,
  opsUsersEndSessions,
  opsUsersFreeze,
  opsUsersGet,
  opsUsersLedger,
  opsUsersNotes,
  opsUsersSearch,
  opsUsersSessions,
  opsUsersUnfreeze,
  opsKycDecide,
  opsKycQueue,
  opsAuthLogout,
  opsAuthRefresh,
  opsAuthSecondFactor,
  opsAuthSendCode,
  opsAuthVerifyCode,
  opsMe,
  opsOperatorsCreate,
  opsOperatorsList,
  opsOperatorsUpdate,
  opsWithdrawalsAwaiting,
  opsWithdrawalsDecide,
} from '@/shared/contract/ops';
import { routesWith } from '../../http/route';
import { appJobRegistry } from '../../jobs';
import { SBP_LATE_CALLBACK_GRACE_SECONDS } from '../account';
import { deriveKey, EmailCodeService } from '../auth';
import type { OperatorSessions } from './operators/sessions';
import { defineModule, type ModuleDeps } from '../module';
import { approveAdjustment, listAdjustments, proposeAdjustment, rejectAdjustment } from './adjustments';
import { listReconciliations, RECONCILE_JOB, runReconciliation, runReconciliationNow } from './reconciliation';
import { searchAudit } from './audit';
import { decideReview, reviewQueue } from './kyc';
import { attributeHeldDeposit, listHeldDeposits, listStuckSbp, markHeldDepositForReturn } from './held';
import { addNote, blockUserCard, endUserSessions, freezeUser, unfreezeUser } from './customers/actions';
import { searchUsers } from './customers/search';
import { getUser, userCards, userLedger, userNotes, userSessions } from './customers/views';
import { addOperator, changeOperator, listAllOperators } from './operators/manage';
import {
  confirmSecondFactor,
  currentOperator,
  refreshOperatorSession,
  sendOperatorCode,
  signOutOperator,
  verifyOperatorCode,
} from './operators/sign-in';
import type { OpsDeps } from './shared';
import { decideHeldWithdrawal, listAwaitingWithdrawals } from './withdrawals';

export { createOperator } from './operators/create-operator';
export { totpCodeAt } from './operators/totp';
export { OPS_SESSION_LIMITS, OperatorSessions } from './operators/sessions';
export { scheduleDailyReconciliation } from './reconciliation';

const registerOpsRoutes = (app: FastifyInstance, deps: OpsDeps): void => {
  const bind = routesWith(app, deps);
  // Signing in (no operator token yet) and the session.
  bind(opsAuthSendCode, sendOperatorCode);
  bind(opsAuthVerifyCode, verifyOperatorCode);
  bind(opsAuthSecondFactor, confirmSecondFactor);
  bind(opsAuthRefresh, refreshOperatorSession);
  bind(opsAuthLogout, signOutOperator);
  bind(opsMe, currentOperator);
  // Operators and roles; the audit log.
  bind(opsOperatorsList, listAllOperators);
  bind(opsOperatorsCreate, addOperator);
  bind(opsOperatorsUpdate, changeOperator);
  bind(opsAuditSearch, searchAudit);
  // A user's whole picture, and what operators do to the account.
  bind(opsUsersSearch, searchUsers);
  bind(opsUsersGet, getUser);
  bind(opsUsersLedger, userLedger);
  bind(opsUsersCards, userCards);
  bind(opsUsersSessions, userSessions);
  bind(opsUsersNotes, userNotes);
  bind(opsUsersAddNote, addNote);
  bind(opsUsersEndSessions, endUserSessions);
  bind(opsCardsBlock, blockUserCard);
  bind(opsUsersFreeze, freezeUser);
  bind(opsUsersUnfreeze, unfreezeUser);
  // Verification (KYC) review.
  bind(opsKycQueue, reviewQueue);
  bind(opsKycDecide, decideReview);
  // Held money.
  bind(opsHeldDeposits, listHeldDeposits);
  bind(opsHeldAttribute, attributeHeldDeposit);
  bind(opsHeldReturn, markHeldDepositForReturn);
  bind(opsHeldSbp, listStuckSbp);
  // Withdrawals over the approval size.
  bind(opsWithdrawalsAwaiting, listAwaitingWithdrawals);
  bind(opsWithdrawalsDecide, decideHeldWithdrawal);
  // Manual adjustments under four eyes.
  bind(opsAdjustmentsList, listAdjustments);
  bind(opsAdjustmentsPropose, proposeAdjustment);
  bind(opsAdjustmentsApprove, approveAdjustment);
  bind(opsAdjustmentsReject, rejectAdjustment);
  // Reconciliation.
  bind(opsReconciliationList, listReconciliations);
  bind(opsReconciliationRun, runReconciliationNow);
};

export interface OpsSettings {
  /** Operator sessions: made by buildApp(), whose operator check (server/http/context.ts) uses them too. */
  sessions: OperatorSessions;
}

const registerOps = (app: FastifyInstance, { db, clock, config, adapters }: ModuleDeps, { sessions }: OpsSettings): void => {
  const depositAddress = config.wallet.usdt.depositAddress;
  // The daily reconciliation (enqueued once a day by every process's housekeeping, server/maintenance.ts).
  appJobRegistry(app).register(RECONCILE_JOB, async () => void (await runReconciliation({ db, clock, adapters, depositAddress }, null)));
  registerOpsRoutes(app, {
    db,
    clock,
    codes: new EmailCodeService(db, clock, config.jwtSecret),
    mail: adapters.mail,
    sessions,
    totpKey: deriveKey(config.jwtSecret, 'operator-totp'),
    secureCookies: config.publicOrigin.startsWith('https:'),
    adapters,
    // An SBP payment the acquirer may still report late is not stuck yet (the deletion check's grace, the same hour).
    sbpStuckAfterSeconds: SBP_LATE_CALLBACK_GRACE_SECONDS,
    depositAddress,
    withdrawals: config.withdrawals,
  });
};

export const opsModule = defineModule<OpsSettings>({ name: 'ops', register: registerOps });
