-- Bumps sys_table_version on every write to these tables (statement-level, from this server or not).
-- Caches of list totals and permission look-ups are keyed by these versions, so they stay exact across
-- server instances without a message bus.
CREATE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_table_version (table_name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (table_name) DO UPDATE SET version = sys_table_version.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trg_sys_user_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_user_depart_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_user_depart FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_depart_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_depart FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_user_role_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_user_role FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_role_permission_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_permission FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_permission_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_permission FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
