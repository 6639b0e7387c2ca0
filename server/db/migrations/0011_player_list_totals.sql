CREATE INDEX "idx_bbh_ua_created" ON "bbh_user_activity" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_ua_activity_join" ON "bbh_user_activity" USING btree ("activity_id","join_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_ua_user" ON "bbh_user_activity" USING btree ("wx_user_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_answer_pending" ON "bbh_user_task_answer" USING btree ("audit_status","submit_time" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_answer_submit" ON "bbh_user_task_answer" USING btree ("submit_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_wx_user_school" ON "bbh_wx_user" USING btree ("school_id");--> statement-breakpoint
-- Version triggers on the player tables: the 玩家活动/玩家任务/答案审核 lists cache their exact totals per table
-- version (server/modules/bbh/lists.ts), which a count over a million rows could not serve at list speed.
-- The price: a write bumps one sys_table_version row, so concurrent writers of one of these tables queue on
-- that row until commit (short transactions; measured in docs/performance.md).
CREATE TRIGGER trg_bbh_user_activity_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_user_activity FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_user_task_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_user_task FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_user_task_answer_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_user_task_answer FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_wx_user_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_wx_user FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
