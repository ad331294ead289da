-- One row per send-code call. code_hash is NULL when an informative email went out instead of a code
-- (sign-up for an existing email, sign-in for an unknown one): such a row behaves like a code nobody
-- can guess, so the API answers exactly alike in both cases.
CREATE TABLE email_codes (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email          text NOT NULL,
  purpose        text NOT NULL CHECK (purpose IN ('signup', 'signin')),
  code_hash      text,                               -- HMAC-SHA256(server secret, email:purpose:code)
  client_ip      text NOT NULL,
  attempts       integer NOT NULL DEFAULT 0,         -- wrong tries so far
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  invalidated_at timestamptz                         -- replaced by a newer code or too many wrong tries
);
CREATE INDEX email_codes_email_idx ON email_codes (email, created_at DESC);
CREATE INDEX email_codes_ip_idx ON email_codes (client_ip, created_at DESC);

-- Opaque refresh tokens, stored hashed, rotated on every use. A family is one sign-in's chain.
CREATE TABLE refresh_tokens (
  id          text PRIMARY KEY,
  family_id   text NOT NULL,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,                  -- SHA-256 of the token, base64url
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  rotated_at  timestamptz,                           -- exchanged for a newer token
  revoked_at  timestamptz                            -- family revoked (reuse detected)
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
