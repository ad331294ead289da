-- App lock (issue #15, docs/server.md "App lock"): the passcode only as a slow salted hash with the parameters that
-- made it (scrypt over an HMAC of the passcode with a key derived from JWT_SECRET: a copy of the table alone does
-- not allow guessing 10^6 passcodes offline), the wrong tries in a row, and the user's inactivity time.
CREATE TABLE app_locks (
  user_id           text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  passcode_hash     text NOT NULL,                    -- base64url of the derived key
  salt              text NOT NULL,                    -- base64url, 16 random bytes, per user (new on every change)
  kdf               text NOT NULL CHECK (kdf IN ('scrypt-hmac')),
  kdf_n             integer NOT NULL CHECK (kdf_n > 1),
  kdf_r             integer NOT NULL CHECK (kdf_r > 0),
  kdf_p             integer NOT NULL CHECK (kdf_p > 0),
  key_length        integer NOT NULL CHECK (key_length >= 16),
  auto_lock_seconds integer NOT NULL CHECK (auto_lock_seconds IN (60, 300, 900)),
  failed_tries      integer NOT NULL DEFAULT 0 CHECK (failed_tries >= 0),
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);

-- Biometric unlock: the SHA-256 of a 256-bit random token the app keeps in Telegram's biometric storage on a device.
CREATE TABLE app_lock_biometric_keys (
  id           text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES app_locks (user_id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX app_lock_biometric_keys_user_idx ON app_lock_biometric_keys (user_id, created_at);
