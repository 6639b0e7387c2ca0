-- uk_bbh_grade goes: a grade's id is its player round's id (settlement, server/modules/bbh/time.repo.ts), so the
-- primary key already allows one grade per round, and each settlement wrote one more index entry per player.
DROP INDEX "uk_bbh_grade";--> statement-breakpoint
ALTER TABLE "bbh_activity_time" ADD COLUMN "settle_msg_time" timestamp with time zone;--> statement-breakpoint
-- Windows settled before this migration queued their messages inside the settlement: nothing is left to queue.
UPDATE "bbh_activity_time" SET "settle_msg_time" = coalesce("settle_time", now()) WHERE "time_status" = 2;
