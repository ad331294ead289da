-- One row per sign-in (a refresh-token family; id = refresh_tokens.family_id). Access tokens carry it as `sid`
-- and every bearer request reads this row by primary key: a revoked session (sign-out, or a family revoked
-- because a rotated refresh token was reused) is refused at once, in every server process.
CREATE TABLE auth_sessions (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz,                           -- signed out or reuse detected; never un-revoked
  revoke_reason text CHECK (revoke_reason IN ('sign_out', 'reuse'))
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- Families that existed before this migration become sessions (revoked ones stay revoked).
INSERT INTO auth_sessions (id, user_id, created_at, revoked_at, revoke_reason)
SELECT family_id, min(user_id), min(created_at), max(revoked_at),
       CASE WHEN max(revoked_at) IS NULL THEN NULL ELSE 'reuse' END
FROM refresh_tokens
GROUP BY family_id;
