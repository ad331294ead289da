-- Verification decided by people (docs/ops.md "Verification"), frozen accounts ("Freezing an account"), notes, and the
-- KYC provider's checks ("KYC provider").

-- Frozen: no money leaves (the verification guard refuses with ACCOUNT_FROZEN); the reason is told to the user.
ALTER TABLE users
  ADD COLUMN frozen_at              timestamptz,
  ADD COLUMN frozen_reason          text CHECK (frozen_reason IN ('suspicious_activity', 'compliance_review', 'user_request', 'legal_order')),
  ADD COLUMN frozen_by              text REFERENCES operators (id),
  ADD COLUMN frozen_note            text,
  -- Compliance asked a user under verification for more: what (a JSON array of items) and when.
  ADD COLUMN verification_request    jsonb,
  ADD COLUMN verification_requested_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_frozen_reason CHECK ((frozen_at IS NULL) = (frozen_reason IS NULL)) NOT VALID;
ALTER TABLE users VALIDATE CONSTRAINT users_frozen_reason;
-- The review queue's index: 0421 (built CONCURRENTLY).

-- Every verification and freeze decision, with who made it (an operator, the provider, the sandbox's delay).
CREATE TABLE user_verification_events (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users (id),
  action           text NOT NULL CHECK (action IN ('approved', 'rejected', 'infoRequested', 'providerResult', 'frozen', 'unfrozen')),
  status           text NOT NULL,                      -- the verification status after it
  actor            text NOT NULL CHECK (actor IN ('operator', 'provider', 'sandbox')),
  operator_id      text REFERENCES operators (id),
  reason           text,
  items            jsonb NOT NULL DEFAULT '[]'::jsonb,
  freeze_reason    text,
  provider_outcome text CHECK (provider_outcome IN ('approved', 'rejected', 'error')),
  created_at       timestamptz NOT NULL
);
CREATE INDEX user_verification_events_user_idx ON user_verification_events (user_id, id);

-- Operators' notes about a user.
CREATE TABLE user_notes (
  id          text PRIMARY KEY,                         -- note_...
  user_id     text NOT NULL REFERENCES users (id),
  operator_id text NOT NULL REFERENCES operators (id),
  text        text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX user_notes_user_idx ON user_notes (user_id, created_at DESC);

-- The KYC provider's checks: started at sign-up (a job), decided by its signed webhook later (docs/adapters.md "KYC").
CREATE TABLE kyc_checks (
  user_id     text PRIMARY KEY REFERENCES users (id),   -- one current check per user
  provider    text NOT NULL,
  check_id    text NOT NULL,
  status      text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'error')),
  reason      text,
  started_at  timestamptz NOT NULL,
  decided_at  timestamptz,
  UNIQUE (provider, check_id)
);
-- Every webhook event received once (a redelivery repeats its id).
CREATE TABLE kyc_webhook_events (
  provider    text NOT NULL,
  event_id    text NOT NULL,
  check_id    text NOT NULL,
  outcome     text NOT NULL,
  body        jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);
