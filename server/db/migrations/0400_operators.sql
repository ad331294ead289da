-- The operator side (docs/ops.md): operators are not users. Their own table, sign-in by email code and a TOTP second
-- factor, short sessions of their own (the access token's `sid`), and the step between the two factors.

CREATE TABLE operators (
  id               text PRIMARY KEY,                    -- opr_...
  email            text NOT NULL UNIQUE,                -- lower-cased
  name             text NOT NULL,
  roles            jsonb NOT NULL CHECK (jsonb_typeof(roles) = 'array' AND jsonb_array_length(roles) > 0
                     AND roles <@ '["support", "compliance", "admin"]'::jsonb),
  totp_secret      text,                                -- base32 secret, sealed (AES-256-GCM, key derived from JWT_SECRET)
  totp_enrolled_at timestamptz,                         -- null until the first sign-in sets up the authenticator
  totp_last_step   bigint,                              -- the last time step accepted: a code is never accepted twice
  disabled_at      timestamptz,
  created_by       text REFERENCES operators (id),      -- null: made by the command-line tool
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);

-- One row per sign-in. The renewal cookie's secret is stored as SHA-256 only. Idle and absolute limits: docs/ops.md.
CREATE TABLE operator_sessions (
  id            text PRIMARY KEY,
  operator_id   text NOT NULL REFERENCES operators (id),
  secret_hash   text NOT NULL UNIQUE,
  ip            text,
  device        text,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,                   -- the absolute end of the session
  revoked_at    timestamptz,
  revoke_reason text CHECK (revoke_reason IN ('sign_out', 'disabled', 'second_factor_reset'))
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

-- After a right email code: the second factor's step (typed within 5 minutes, 5 wrong codes at most). For a first
-- sign-in it carries the new TOTP secret (sealed) until its first code confirms it.
CREATE TABLE operator_challenges (
  id             text PRIMARY KEY,
  operator_id    text NOT NULL REFERENCES operators (id),
  token_hash     text NOT NULL UNIQUE,
  factor         text NOT NULL CHECK (factor IN ('totp', 'enrollTotp')),
  pending_secret text,
  attempts       integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);
CREATE INDEX operator_challenges_operator_idx ON operator_challenges (operator_id, created_at DESC);

-- Operators' email codes share the users' table and rules (limits, tries) under their own purpose.
ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check CHECK (purpose IN ('signup', 'signin', 'email_change', 'ops_signin')) NOT VALID;
ALTER TABLE email_codes VALIDATE CONSTRAINT email_codes_purpose_check;
