/**
 * The KYC provider's side of verification (docs/ops.md "Verification", docs/adapters.md "KYC provider"): a new user's
 * check is started by a job the sign-up enqueues (`kyc.start`), and the provider's decision arrives later at
 * POST /api/webhooks/kyc, signed. The result is kept (kyc_checks, the account's history) and shown to the reviewing
 * operator; it verifies the user by itself only with KYC_AUTO_APPROVE (refused in production). Without a provider the
 * job does nothing: operators review every new user.
 */
import type { FastifyInstance } from 'fastify';
import { KYC_START_JOB, KycProviderError, KycWebhookError, type KycDecisionEvent, type KycProvider } from '../../adapters/kyc';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { DomainError } from '../../http/errors';
import { appJobRegistry } from '../../jobs';
import { defineModule, type ModuleDeps } from '../module';
import { decideVerification, findUserById, lockAccount, recordProviderResult } from '../users';

const KYC_WEBHOOK_PATH = '/api/webhooks/kyc';

interface KycDeps {
  db: Db;
  clock: Clock;
  provider: KycProvider;
  autoApprove: boolean;
}

/** The job: starts the user's check at the provider (idempotent there per user) and records it as pending. */
const startCheck = async ({ db, clock, provider }: KycDeps, userId: string): Promise<void> => {
  const user = await findUserById(db, userId);
  if (!user) return;
  const { checkId } = await provider.startCheck({
    ref: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    country: user.country,
  });
  await db.query(
    `INSERT INTO kyc_checks (user_id, provider, check_id, status, started_at) VALUES ($1, $2, $3, 'pending', $4)
     ON CONFLICT (user_id) DO NOTHING`,
    [user.id, provider.name, checkId, clock.now()],
  );
};

type WebhookOutcome = 'applied' | 'duplicate' | 'unknown_check';

/** One decision, once: the event is recorded (a redelivery changes nothing), the check and the account's history follow. */
const applyDecision = ({ db, clock, provider, autoApprove }: KycDeps, decision: KycDecisionEvent, rawBody: string): Promise<WebhookOutcome> =>
  db.tx(async (q) => {
    const now = clock.now();
    const fresh = await q.query(
      `INSERT INTO kyc_webhook_events (provider, event_id, check_id, outcome, body, received_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider.name, decision.eventId, decision.checkId, decision.outcome, rawBody, now],
    );
    if (!fresh.length) return 'duplicate';
    const [check] = await q.query<{ user_id: string }>('SELECT user_id FROM kyc_checks WHERE provider = $1 AND check_id = $2 FOR UPDATE', [
      provider.name,
      decision.checkId,
    ]);
    if (!check || check.user_id !== decision.applicantRef) return 'unknown_check';
    await q.query('UPDATE kyc_checks SET status = $2, reason = $3, decided_at = $4 WHERE user_id = $1', [check.user_id, decision.outcome, decision.reason, now]);
    const account = await lockAccount(q, check.user_id);
    if (!account) return 'unknown_check';
    await recordProviderResult(q, check.user_id, account.verification_status, decision.outcome, decision.reason, now);
    if (autoApprove && decision.outcome === 'approved' && account.verification_status === 'under_verification' && !account.deleted_at) {
      await decideVerification(q, check.user_id, { decision: 'approve' }, { actor: 'provider', operatorId: null, reason: 'KYC provider approved', now });
    }
    return 'applied';
  });

const registerKyc = async (app: FastifyInstance, { db, clock, config, adapters }: ModuleDeps): Promise<void> => {
  const provider = adapters.kyc;
  const registry = appJobRegistry(app);
  const deps = provider ? { db, clock, provider, autoApprove: config.kyc.autoApprove } : null;
  registry.register<{ userId: string }>(KYC_START_JOB, async ({ userId }) => {
    if (!deps) return; // no provider: the review queue is the path
    try {
      await startCheck(deps, userId);
    } catch (error) {
      if (error instanceof KycProviderError) app.log.warn({ userId, err: error.message }, 'KYC check not started; retrying');
      throw error;
    }
  });
  // Server-to-server, signed over the exact raw body: this scope keeps JSON as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(KYC_WEBHOOK_PATH, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
      if (!deps) throw new DomainError('api', 'UNAUTHORIZED', 'No KYC provider is configured.', 401);
      let decision: KycDecisionEvent;
      try {
        decision = deps.provider.parseWebhook(raw, headers);
      } catch (error) {
        if (!(error instanceof KycWebhookError)) throw error;
        if (error.kind === 'signature') throw new DomainError('api', 'UNAUTHORIZED', error.message, 401);
        throw new DomainError('api', 'VALIDATION_ERROR', error.message, 400, { body: error.message });
      }
      const outcome = await applyDecision(deps, decision, raw);
      if (outcome === 'unknown_check') request.log.warn({ checkId: decision.checkId }, 'KYC webhook for a check we do not know');
      return { success: true, data: { eventId: decision.eventId, outcome } };
    });
  });
};

export const kycModule = defineModule({ name: 'kyc', register: registerKyc });
