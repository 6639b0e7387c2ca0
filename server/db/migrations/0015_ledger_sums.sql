ALTER TABLE "bbh_user_activity" ADD COLUMN "ledger_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bbh_user_task" ADD COLUMN "ledger_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The score ledger's sums, kept where they are read (docs/performance.md, "bbh settlement"): per task
-- (bbh_user_task.ledger_score) and per player round (bbh_user_activity.ledger_score). Settlement reconciles
-- each task's ledger with the score it holds and sets each round's total to its ledger sum; with the sums at
-- hand it reads the window's tasks and rounds instead of aggregating the window's whole ledger. Answer review
-- reads a task's sum the same way. Kept by statement-level triggers with transition tables, so whatever
-- writes the ledger (a request, a seed, a script) keeps them, one set-based update per statement; the
-- ledger is append-only in the application, and update, delete and truncate are handled all the same.
CREATE FUNCTION bbh_score_record_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE bbh_user_task SET ledger_score = 0 WHERE ledger_score <> 0;
    UPDATE bbh_user_activity SET ledger_score = 0 WHERE ledger_score <> 0;
    RETURN NULL;
  END IF;
  -- An update counts as its old rows taken out and its new rows put in.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE bbh_user_task ut SET ledger_score = ut.ledger_score + d.change
    FROM (SELECT user_task_id, sum(score_change)::int AS change FROM new_rows WHERE user_task_id IS NOT NULL GROUP BY 1) d
    WHERE ut.id = d.user_task_id AND d.change <> 0;
    UPDATE bbh_user_activity ua SET ledger_score = ua.ledger_score + d.change
    FROM (SELECT user_activity_id, sum(score_change)::int AS change FROM new_rows GROUP BY 1) d
    WHERE ua.id = d.user_activity_id AND d.change <> 0;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE bbh_user_task ut SET ledger_score = ut.ledger_score - d.change
    FROM (SELECT user_task_id, sum(score_change)::int AS change FROM old_rows WHERE user_task_id IS NOT NULL GROUP BY 1) d
    WHERE ut.id = d.user_task_id AND d.change <> 0;
    UPDATE bbh_user_activity ua SET ledger_score = ua.ledger_score - d.change
    FROM (SELECT user_activity_id, sum(score_change)::int AS change FROM old_rows GROUP BY 1) d
    WHERE ua.id = d.user_activity_id AND d.change <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per event: PostgreSQL allows transition tables only on a trigger of a single event.
CREATE TRIGGER trg_bbh_score_record_sums_ins AFTER INSERT ON bbh_score_record REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_score_record_sums();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_score_record_sums_upd AFTER UPDATE ON bbh_score_record REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_score_record_sums();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_score_record_sums_del AFTER DELETE ON bbh_score_record REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_score_record_sums();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_score_record_sums_trunc AFTER TRUNCATE ON bbh_score_record FOR EACH STATEMENT EXECUTE FUNCTION bbh_score_record_sums();
--> statement-breakpoint
-- The sums of the ledger written before this migration.
UPDATE bbh_user_task ut SET ledger_score = s.total
FROM (SELECT user_task_id, sum(score_change)::int AS total FROM bbh_score_record WHERE user_task_id IS NOT NULL GROUP BY 1) s
WHERE ut.id = s.user_task_id;
--> statement-breakpoint
UPDATE bbh_user_activity ua SET ledger_score = s.total
FROM (SELECT user_activity_id, sum(score_change)::int AS total FROM bbh_score_record GROUP BY 1) s
WHERE ua.id = s.user_activity_id;
