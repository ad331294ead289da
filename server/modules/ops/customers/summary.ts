/** A user as the operator lists show them (UserSummary), and the KYC check beside them. */
import type { KycCheck, UserSummary } from '@/shared/contract/ops';
import type { VerificationStatus } from '@/shared/contract/users';

/** Columns of `users u` (and `kyc_checks k`, LEFT JOINed) the summaries need. */
export const SUMMARY_COLUMNS = `u.id, u.first_name, u.last_name, u.email, u.phone_number, u.country, u.verification_status,
  u.frozen_at, u.deleted_at, u.created_at`;
export const KYC_COLUMNS = `k.provider AS kyc_provider, k.check_id AS kyc_check_id, k.status AS kyc_status, k.reason AS kyc_reason,
  k.started_at AS kyc_started_at, k.decided_at AS kyc_decided_at`;

export interface SummaryRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: string;
  verification_status: VerificationStatus;
  frozen_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

export interface KycRow extends Record<string, unknown> {
  kyc_provider: string | null;
  kyc_check_id: string | null;
  kyc_status: KycCheck['status'] | null;
  kyc_reason: string | null;
  kyc_started_at: Date | null;
  kyc_decided_at: Date | null;
}

export const toSummary = (row: SummaryRow): UserSummary => ({
  id: row.id,
  name: `${row.first_name} ${row.last_name}`,
  email: row.email,
  phoneNumber: row.phone_number,
  country: row.country,
  verificationStatus: row.verification_status,
  frozen: row.frozen_at !== null,
  deleted: row.deleted_at !== null,
  createdAt: row.created_at.toISOString(),
});

export const toKycCheck = (row: KycRow): KycCheck | null =>
  row.kyc_check_id && row.kyc_provider && row.kyc_status && row.kyc_started_at
    ? {
        provider: row.kyc_provider,
        checkId: row.kyc_check_id,
        status: row.kyc_status,
        reason: row.kyc_reason,
        startedAt: row.kyc_started_at.toISOString(),
        decidedAt: row.kyc_decided_at?.toISOString() ?? null,
      }
    : null;
