-- Version triggers for tables whose look-ups are cached: roles (list totals), the data rules list queries
-- apply (contract.md §7.5), and the department-role grants that add to a user's permissions (§7.1).
CREATE TRIGGER trg_sys_role_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_permission_data_rule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_permission_data_rule FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_depart_role_user_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_depart_role_user FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_depart_role_permission_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_depart_role_permission FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
