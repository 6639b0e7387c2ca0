/**
 * The data log's allow-list: the tables whose every INSERT and UPDATE writes a version into sys_data_log.
 * The versions are written by the trigger `sys_data_log_capture()` of migration 0010 (so every writer is
 * caught: the app, the jobs, plain SQL), which is installed on exactly these tables; a test compares the
 * installed triggers with this list. Adding a table means a migration with its two triggers.
 */
export const DATA_LOG_TABLES = ["sys_user", "sys_role", "sys_dict", "bbh_activity_main", "bbh_red_mark", "bbh_question"] as const;

/** Columns never snapshotted (removed by the trigger before the JSON is stored). */
export const DATA_LOG_SECRET_COLUMNS = ["password", "salt", "session_key", "db_password", "secret_key", "access_token"] as const;
