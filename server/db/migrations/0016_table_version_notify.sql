-- Table versions announced as they change (docs/architecture.md, "Exact caches"): every bump also sends
-- `<table>:<version>` on the channel sys_table_version, delivered when the writing transaction commits. Each
-- server connection listens, so a server learns of its own writes before the write's statement returns, and of
-- other instances' (or plain SQL's) as soon as they commit; it then keeps the versions in memory instead of
-- reading them with the session on every request. While its listener is down it reads them per request again.
CREATE OR REPLACE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  INSERT INTO sys_table_version (table_name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (table_name) DO UPDATE SET version = sys_table_version.version + 1
  RETURNING version INTO v;
  PERFORM pg_notify('sys_table_version', TG_TABLE_NAME || ':' || v);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session changes what it admits when it is revoked, its expiry is brought forward, or it is removed. Its
-- sliding expiry (touched once a minute per session) only moves later and is left out, so the sessions a server
-- holds in memory are not dropped on every touch.
CREATE TRIGGER trg_sys_session_version AFTER UPDATE OF revoke_time, expire_time ON sys_session FOR EACH ROW
WHEN (new.revoke_time IS DISTINCT FROM old.revoke_time OR new.expire_time < old.expire_time) EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_session_removed_version AFTER DELETE OR TRUNCATE ON sys_session FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
