-- The audit log (docs/ops.md "Audit log"): every operator action (who, when, what, before and after, reason) and every
-- view of a user's data. APPEND-ONLY: a trigger refuses UPDATE, DELETE and TRUNCATE for everyone but a superuser who
-- drops it (PGlite and PostgreSQL alike); in production the application's role also lacks the privileges
-- (docs/ops.md "Database roles": REVOKE UPDATE, DELETE, TRUNCATE and no ownership of the table).
CREATE TABLE ops_audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL,
  operator_id text REFERENCES operators (id),
  action      text NOT NULL,
  target_type text,
  target_id   text,
  user_id     text,                                    -- the user the action concerned (a search's trail); no FK: kept as written
  reason      text,
  before      jsonb,
  after       jsonb,
  ip          text,
  request_id  text
);
CREATE INDEX ops_audit_log_at_idx ON ops_audit_log (at DESC, id DESC);
CREATE INDEX ops_audit_log_operator_idx ON ops_audit_log (operator_id, id DESC);
CREATE INDEX ops_audit_log_user_idx ON ops_audit_log (user_id, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX ops_audit_log_action_idx ON ops_audit_log (action text_pattern_ops, id DESC);

CREATE FUNCTION ops_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ops_audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;
CREATE TRIGGER ops_audit_log_no_change BEFORE UPDATE OR DELETE ON ops_audit_log
  FOR EACH ROW EXECUTE FUNCTION ops_audit_log_append_only();
CREATE TRIGGER ops_audit_log_no_truncate BEFORE TRUNCATE ON ops_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_log_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON ops_audit_log FROM PUBLIC;
