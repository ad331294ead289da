/**
 * The sandbox KYC provider: behaves like a real one — a check is accepted at once, its decision comes LATER (after
 * `delayMs`) as a signed webhook to our POST /api/webhooks/kyc, and it can fail: the outcome may be `error` (the check
 * could not be done), a delivery may be refused and retried, or dropped altogether (`dropWebhooks`). The outcome of
 * the checks decided next is a switch in sandbox_settings (POST /api/dev/kyc/settings), shared by every process.
 */
import { randomBytes } from 'node:crypto';
import { parseSignedKycWebhook, signKycWebhook, type KycApplicant, type KycDecisionEvent, type KycOutcome, type KycProvider } from '../adapters/kyc';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { enqueueJob } from '../jobs';
import { readSandboxSetting } from './settings';

export interface SandboxKycSettings {
  /** The decision of the checks decided from now on. */
  outcome: KycOutcome;
  /** The reason code sent with a rejection or an error. */
  reason: string | null;
  /** null: the configured KYC_SANDBOX_DELAY_MS. */
  delayMs: number | null;
  /** Decisions are made but never delivered (the webhook never hears). */
  dropWebhooks: boolean;
}

export const DEFAULT_SANDBOX_KYC_SETTINGS: SandboxKycSettings = { outcome: 'approved', reason: null, delayMs: null, dropWebhooks: false };
export const SANDBOX_KYC_SETTING = 'kyc';
/** The job that decides one check and posts its webhook (retried with backoff until the webhook answers 2xx). */
export const SANDBOX_KYC_DECIDE_JOB = 'sandbox.kyc.decide';

export type KycWebhookTransport = (request: { rawBody: string; signature: string }) => Promise<{ status: number; body: unknown }>;

export class SandboxKycProvider implements KycProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly deps: { db: Db; clock: Clock; secret: string; defaultDelayMs: number; transport: KycWebhookTransport },
  ) {}

  async startCheck(applicant: KycApplicant): Promise<{ checkId: string }> {
    const { db, clock } = this.deps;
    return db.tx(async (q) => {
      const [existing] = await q.query<{ check_id: string }>('SELECT check_id FROM sandbox_kyc_checks WHERE applicant_ref = $1', [applicant.ref]);
      if (existing) return { checkId: existing.check_id };
      const checkId = `kyc_${randomBytes(12).toString('base64url')}`;
      await q.query(`INSERT INTO sandbox_kyc_checks (check_id, applicant_ref, status, created_at) VALUES ($1, $2, 'pending', $3)`, [checkId, applicant.ref, clock.now()]);
      const settings = await readSandboxSetting(q, SANDBOX_KYC_SETTING, DEFAULT_SANDBOX_KYC_SETTINGS);
      await enqueueJob(q, { kind: SANDBOX_KYC_DECIDE_JOB, payload: { checkId }, delayMs: settings.delayMs ?? this.deps.defaultDelayMs, dedupeKey: `${SANDBOX_KYC_DECIDE_JOB}:${checkId}` });
      return { checkId };
    });
  }

  parseWebhook(rawBody: string, headers: Record<string, string | undefined>): KycDecisionEvent {
    return parseSignedKycWebhook(this.deps.secret, rawBody, headers);
  }

  /** The job: decides the check (once: a later run re-sends the same decision) and posts its webhook. */
  async decideAndDeliver(checkId: string): Promise<void> {
    const { db, clock } = this.deps;
    const settings = await readSandboxSetting(db, SANDBOX_KYC_SETTING, DEFAULT_SANDBOX_KYC_SETTINGS);
    const [check] = await db.query<{ applicant_ref: string; status: KycOutcome | 'pending'; reason: string | null; decided_at: Date | null }>(
      `UPDATE sandbox_kyc_checks SET status = CASE WHEN status = 'pending' THEN $2 ELSE status END,
         reason = CASE WHEN status = 'pending' THEN $3 ELSE reason END,
         decided_at = coalesce(decided_at, $4), deliveries = deliveries + 1
       WHERE check_id = $1 RETURNING applicant_ref, status, reason, decided_at`,
      [checkId, settings.outcome, settings.outcome === 'approved' ? null : (settings.reason ?? (settings.outcome === 'error' ? 'PROVIDER_ERROR' : 'DOCUMENT_INVALID')), clock.now()],
    );
    if (!check || check.status === 'pending' || settings.dropWebhooks) return;
    const rawBody = JSON.stringify({
      eventId: `evt_${checkId}`,
      checkId,
      applicantRef: check.applicant_ref,
      outcome: check.status,
      reason: check.reason,
      occurredAt: (check.decided_at ?? clock.now()).toISOString(),
    });
    const answer = await this.deps.transport({ rawBody, signature: signKycWebhook(this.deps.secret, rawBody) });
    if (answer.status >= 300) throw new Error(`KYC webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
