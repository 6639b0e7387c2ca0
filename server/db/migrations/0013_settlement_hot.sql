DROP INDEX "idx_bbh_ua_board";--> statement-breakpoint
DROP INDEX "idx_bbh_ut_task_status";--> statement-breakpoint
DROP INDEX "idx_bbh_ut_window";--> statement-breakpoint
CREATE INDEX "idx_bbh_ua_window" ON "bbh_user_activity" USING btree ("time_id","round_no");--> statement-breakpoint
CREATE INDEX "idx_bbh_ut_task" ON "bbh_user_task" USING btree ("activity_id","task_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_ut_window" ON "bbh_user_task" USING btree ("time_id","round_no");--> statement-breakpoint
-- Room in the pages for heap-only (HOT) updates (docs/performance.md, "bbh settlement"). Settlement rewrites
-- every player round of a window (rank, status, score, counts) and expires the open tasks; answer review
-- updates a task and its round. With free space on the page and no changed column in an index (the indexes
-- above no longer hold ut_status or total_score), PostgreSQL writes the new row version beside the old one
-- and no index entry at all. The player table needs the most room: settlement fills rank, duration and finish
-- time, so the new version is wider than the old (measured: 45 leaves 0.2 % of the updates without room, 40
-- none). Applies to pages written from now on; `VACUUM FULL bbh_user_activity,
-- bbh_user_task` (outside a transaction) repacks existing rows to it.
ALTER TABLE "bbh_user_activity" SET (fillfactor = 40);
--> statement-breakpoint
ALTER TABLE "bbh_user_task" SET (fillfactor = 75);
