-- The sandbox KYC provider (server/sandbox/kyc.ts): one check per applicant, decided later by a job that posts the
-- signed webhook (like a real provider's asynchronous decision). Its switches live in sandbox_settings ('kyc').
CREATE TABLE sandbox_kyc_checks (
  check_id      text PRIMARY KEY,
  applicant_ref text NOT NULL UNIQUE,
  status        text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'error')),
  reason        text,
  created_at    timestamptz NOT NULL,
  decided_at    timestamptz,
  deliveries    integer NOT NULL DEFAULT 0
);
