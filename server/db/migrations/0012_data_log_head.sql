CREATE TABLE "sys_data_log_head" (
	"data_table" varchar(32) NOT NULL,
	"data_id" varchar(32) NOT NULL,
	"data_version" integer NOT NULL,
	CONSTRAINT "sys_data_log_head_data_table_data_id_pk" PRIMARY KEY("data_table","data_id")
);
--> statement-breakpoint
INSERT INTO sys_data_log_head (data_table, data_id, data_version)
SELECT data_table, data_id, max(data_version) FROM sys_data_log GROUP BY data_table, data_id;
--> statement-breakpoint
-- The capture of migration 0010 looked up max(data_version) per row with a correlated subquery: on a log the
-- planner had no statistics for (PGlite has no autovacuum) that was a scan of the log per row, and an
-- old_rows/new_rows join without statistics could be a nested loop — a 20 000-row write took 15–22 s, growing
-- with the square of its size. Now a statement's versions come from one upsert into sys_data_log_head (the
-- primary key decides), and nested loops are off inside the function, so every join over the statement's
-- rows is a hash join: linear in the rows written, whatever the statistics.
CREATE OR REPLACE FUNCTION sys_data_log_capture() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  secrets text[] := ARRAY['password', 'salt', 'session_key', 'db_password', 'secret_key', 'access_token'];
  audit text[] := ARRAY['update_by', 'update_time'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH s AS (
      SELECT to_jsonb(n) AS j FROM new_rows n
    ), v AS (
      INSERT INTO sys_data_log_head AS h (data_table, data_id, data_version)
      SELECT TG_TABLE_NAME::text, s.j->>'id', 1 FROM s
      ON CONFLICT (data_table, data_id) DO UPDATE SET data_version = h.data_version + 1
      RETURNING h.data_id, h.data_version
    )
    INSERT INTO sys_data_log (id, data_table, data_id, data_content, data_version, create_by, create_time)
    SELECT replace(gen_random_uuid()::text, '-', ''), TG_TABLE_NAME::text, s.j->>'id', (s.j - secrets)::text, v.data_version,
      coalesce(nullif(current_setting('app.user', true), ''), s.j->>'create_by'), now()
    FROM s JOIN v ON v.data_id = s.j->>'id';
  ELSE
    WITH s AS (
      SELECT to_jsonb(n) AS j FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - secrets - audit) IS DISTINCT FROM (to_jsonb(o) - secrets - audit)
    ), v AS (
      INSERT INTO sys_data_log_head AS h (data_table, data_id, data_version)
      SELECT TG_TABLE_NAME::text, s.j->>'id', 1 FROM s
      ON CONFLICT (data_table, data_id) DO UPDATE SET data_version = h.data_version + 1
      RETURNING h.data_id, h.data_version
    )
    INSERT INTO sys_data_log (id, data_table, data_id, data_content, data_version, create_by, create_time)
    SELECT replace(gen_random_uuid()::text, '-', ''), TG_TABLE_NAME::text, s.j->>'id', (s.j - secrets)::text, v.data_version,
      coalesce(nullif(current_setting('app.user', true), ''), s.j->>'update_by', s.j->>'create_by'), now()
    FROM s JOIN v ON v.data_id = s.j->>'id';
  END IF;
  RETURN NULL;
END $$;
