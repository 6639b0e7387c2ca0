ALTER TABLE "bbh_user_activity" ADD COLUMN "play_required_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bbh_user_activity" ADD COLUMN "play_last_finish_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bbh_user_activity" ADD COLUMN "play_last_submit_time" timestamp with time zone;--> statement-breakpoint
-- The row is 20 bytes wider: at fillfactor 40 about 7 % of settlement's player updates found no room in their page
-- any more (each then writes an entry in all seven indexes); at 35 none does (docs/performance.md).
ALTER TABLE "bbh_user_activity" SET (fillfactor = 35);--> statement-breakpoint
-- A player round's play, kept on its row where settlement reads it (docs/performance.md, "bbh settlement"): tasks
-- done (已完成), of them the required ones, their distinct red marks and latest finish, and the latest approved
-- submission. Settlement ranks a window from these columns instead of aggregating its tasks and answers; the
-- player list shows them live. Kept by triggers, so whatever writes tasks, answers or task definitions (a
-- request, a seed, a script) keeps them. The refresh recomputes a round's figures from its rows rather than
-- adding deltas, so they cannot drift; it first locks the rounds, and its next statement (a new snapshot) then
-- sees whatever a concurrent writer of the same round committed before it.
CREATE FUNCTION bbh_play_stats_refresh(ids varchar[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- A join, not `id = ANY (ids)`: a bulk load passes 100 000 ids, and ANY over an array parameter is a linear search per row.
  PERFORM 1 FROM bbh_user_activity WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR UPDATE;
  UPDATE bbh_user_activity ua SET
    finished_task_count = f.finished, play_required_count = f.required, finished_mark_count = f.marks,
    play_last_finish_time = f.last_finish, play_last_submit_time = s.last_submit
  FROM (SELECT DISTINCT x.id FROM unnest(ids) AS x(id) WHERE x.id IS NOT NULL) u
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS finished,
      (count(*) FILTER (WHERE t.is_required = 1 AND t.task_status = 1 AND t.del_flag = 0))::int AS required,
      (count(DISTINCT ut.red_mark_id))::int AS marks,
      max(ut.finish_time) AS last_finish
    FROM bbh_user_task ut LEFT JOIN bbh_activity_task t ON t.id = ut.task_id
    WHERE ut.user_activity_id = u.id AND ut.ut_status = 3) f
  -- The answers task by task, each through the index on its task (audit_status in a FILTER, not the WHERE): on
  -- a table freshly bulk-loaded and not yet analysed, the planner otherwise hashed the whole answer table, or
  -- read the audit index's every approved answer, once per round (minutes instead of seconds for 100 000).
  CROSS JOIN LATERAL (
    SELECT max((SELECT max(a.submit_time) FILTER (WHERE a.audit_status = 1) FROM bbh_user_task_answer a WHERE a.user_task_id = ut.id)) AS last_submit
    FROM bbh_user_task ut
    WHERE ut.user_activity_id = u.id) s
  WHERE ua.id = u.id
    AND (ua.finished_task_count, ua.play_required_count, ua.finished_mark_count, ua.play_last_finish_time, ua.play_last_submit_time)
      IS DISTINCT FROM (f.finished, f.required, f.marks, f.last_finish, s.last_submit);
END $$;
--> statement-breakpoint
-- Tasks: inserted and deleted ones per statement (transition tables: a bulk load refreshes each round once);
-- an update per row, and only when it moves a task into or out of 已完成 or changes what a done task counts
-- for: settlement's expiry of 75 000 open tasks calls nothing.
CREATE FUNCTION bbh_user_task_play_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bbh_play_stats_refresh(ARRAY(SELECT DISTINCT user_activity_id FROM new_rows WHERE ut_status = 3));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bbh_play_stats_refresh(ARRAY(SELECT DISTINCT user_activity_id FROM old_rows WHERE ut_status = 3));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bbh_play_stats_refresh(ARRAY[OLD.user_activity_id, NEW.user_activity_id]);
  ELSE
    UPDATE bbh_user_activity SET finished_task_count = 0, play_required_count = 0, finished_mark_count = 0, play_last_finish_time = NULL
    WHERE finished_task_count <> 0 OR play_required_count <> 0 OR finished_mark_count <> 0 OR play_last_finish_time IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trg_bbh_user_task_play_ins AFTER INSERT ON bbh_user_task REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_user_task_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_user_task_play_del AFTER DELETE ON bbh_user_task REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_user_task_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_user_task_play_upd AFTER UPDATE ON bbh_user_task FOR EACH ROW
  WHEN ((OLD.ut_status = 3) <> (NEW.ut_status = 3) OR (NEW.ut_status = 3 AND (OLD.finish_time IS DISTINCT FROM NEW.finish_time
    OR OLD.red_mark_id IS DISTINCT FROM NEW.red_mark_id OR OLD.task_id IS DISTINCT FROM NEW.task_id OR OLD.user_activity_id IS DISTINCT FROM NEW.user_activity_id)))
  EXECUTE FUNCTION bbh_user_task_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_user_task_play_trunc AFTER TRUNCATE ON bbh_user_task FOR EACH STATEMENT EXECUTE FUNCTION bbh_user_task_play_rows();
--> statement-breakpoint
-- Answers: the same for approved (audit_status 1) ones and their submit time.
CREATE FUNCTION bbh_user_task_answer_play_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bbh_play_stats_refresh(ARRAY(SELECT DISTINCT user_activity_id FROM new_rows WHERE audit_status = 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bbh_play_stats_refresh(ARRAY(SELECT DISTINCT user_activity_id FROM old_rows WHERE audit_status = 1));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bbh_play_stats_refresh(ARRAY[OLD.user_activity_id, NEW.user_activity_id]);
  ELSE
    UPDATE bbh_user_activity SET play_last_submit_time = NULL WHERE play_last_submit_time IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trg_bbh_answer_play_ins AFTER INSERT ON bbh_user_task_answer REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_user_task_answer_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_answer_play_del AFTER DELETE ON bbh_user_task_answer REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bbh_user_task_answer_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_answer_play_upd AFTER UPDATE ON bbh_user_task_answer FOR EACH ROW
  WHEN ((OLD.audit_status = 1) IS DISTINCT FROM (NEW.audit_status = 1) OR (NEW.audit_status = 1 AND (OLD.submit_time IS DISTINCT FROM NEW.submit_time
    OR OLD.user_task_id IS DISTINCT FROM NEW.user_task_id OR OLD.user_activity_id IS DISTINCT FROM NEW.user_activity_id)))
  EXECUTE FUNCTION bbh_user_task_answer_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_answer_play_trunc AFTER TRUNCATE ON bbh_user_task_answer FOR EACH STATEMENT EXECUTE FUNCTION bbh_user_task_answer_play_rows();
--> statement-breakpoint
-- Task definitions: a task made required or optional, enabled or disabled, deleted or restored changes which
-- done tasks are required ones, for every round that has done it.
CREATE FUNCTION bbh_activity_task_play_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bbh_play_stats_refresh(ARRAY(SELECT DISTINCT ut.user_activity_id FROM bbh_user_task ut
    WHERE ut.activity_id = OLD.activity_id AND ut.task_id = OLD.id AND ut.ut_status = 3));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_task_play_upd AFTER UPDATE ON bbh_activity_task FOR EACH ROW
  WHEN ((OLD.is_required, OLD.task_status, OLD.del_flag) IS DISTINCT FROM (NEW.is_required, NEW.task_status, NEW.del_flag))
  EXECUTE FUNCTION bbh_activity_task_play_rows();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_task_play_del AFTER DELETE ON bbh_activity_task FOR EACH ROW EXECUTE FUNCTION bbh_activity_task_play_rows();
--> statement-breakpoint
-- The figures of the rounds played before this migration.
SELECT bbh_play_stats_refresh(ARRAY(SELECT DISTINCT user_activity_id FROM bbh_user_task WHERE ut_status = 3
  UNION SELECT DISTINCT user_activity_id FROM bbh_user_task_answer WHERE audit_status = 1));
