-- Idempotency-Key records of `idempotent: true` endpoints (server/http/idempotency.ts).
CREATE TABLE idempotency_keys (
  scope        text NOT NULL,                        -- user id, or 'anonymous'
  endpoint_id  text NOT NULL,                        -- contract id, e.g. 'wallet.exchange'
  key          text NOT NULL,
  request_hash text NOT NULL,                        -- SHA-256 of the validated params/query/body
  state        text NOT NULL CHECK (state IN ('pending', 'done')),
  status_code  integer,
  response     jsonb,                                -- `data` of the first answer
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (scope, endpoint_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
