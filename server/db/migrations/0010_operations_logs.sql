CREATE INDEX "idx_sys_log_content_trgm" ON "sys_log" USING gin ("log_content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idx_sys_log_time" ON "sys_log" USING btree ("create_time");--> statement-breakpoint
-- Data log (contract.md §10.7): a JSON snapshot per change of the tables listed below (the allow-list is
-- DATA_LOG_TABLES in server/modules/sys/data-log.repo.ts; a test checks both agree). Statement-level with
-- transition tables, so a set-based write costs one INSERT … SELECT, and every writer is caught (the app,
-- the jobs, plain SQL). Secrets are never snapshotted; an UPDATE that changes nothing but the audit columns
-- (or only secrets) writes no version. create_by: `app.user` when a transaction sets it, else the row's own
-- update_by/create_by, which the server fills from the signed-in user.
CREATE FUNCTION sys_data_log_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  secrets text[] := ARRAY['password', 'salt', 'session_key', 'db_password', 'secret_key', 'access_token'];
  audit text[] := ARRAY['update_by', 'update_time'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sys_data_log (id, data_table, data_id, data_content, data_version, create_by, create_time)
    SELECT replace(gen_random_uuid()::text, '-', ''), TG_TABLE_NAME::text, s.j->>'id', (s.j - secrets)::text,
      coalesce((SELECT max(d.data_version) FROM sys_data_log d WHERE d.data_table = TG_TABLE_NAME::text AND d.data_id = s.j->>'id'), 0) + 1,
      coalesce(nullif(current_setting('app.user', true), ''), s.j->>'create_by'), now()
    FROM (SELECT to_jsonb(n) AS j FROM new_rows n) s;
  ELSE
    INSERT INTO sys_data_log (id, data_table, data_id, data_content, data_version, create_by, create_time)
    SELECT replace(gen_random_uuid()::text, '-', ''), TG_TABLE_NAME::text, s.j->>'id', (s.j - secrets)::text,
      coalesce((SELECT max(d.data_version) FROM sys_data_log d WHERE d.data_table = TG_TABLE_NAME::text AND d.data_id = s.j->>'id'), 0) + 1,
      coalesce(nullif(current_setting('app.user', true), ''), s.j->>'update_by', s.j->>'create_by'), now()
    FROM (SELECT to_jsonb(n) AS j, to_jsonb(o) AS oj FROM new_rows n JOIN old_rows o ON o.id = n.id) s
    WHERE (s.j - secrets - audit) IS DISTINCT FROM (s.oj - secrets - audit);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trg_sys_user_data_log_ins AFTER INSERT ON sys_user REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_sys_user_data_log_upd AFTER UPDATE ON sys_user REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_sys_role_data_log_ins AFTER INSERT ON sys_role REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_sys_role_data_log_upd AFTER UPDATE ON sys_role REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_sys_dict_data_log_ins AFTER INSERT ON sys_dict REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_sys_dict_data_log_upd AFTER UPDATE ON sys_dict REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_main_data_log_ins AFTER INSERT ON bbh_activity_main REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_main_data_log_upd AFTER UPDATE ON bbh_activity_main REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_red_mark_data_log_ins AFTER INSERT ON bbh_red_mark REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_red_mark_data_log_upd AFTER UPDATE ON bbh_red_mark REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_question_data_log_ins AFTER INSERT ON bbh_question REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_question_data_log_upd AFTER UPDATE ON bbh_question REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_data_log_capture();
