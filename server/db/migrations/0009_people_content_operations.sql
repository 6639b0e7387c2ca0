CREATE TABLE "bbh_message" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"template_id" varchar(32),
	"template_code" varchar(50),
	"channel" smallint NOT NULL,
	"scene" varchar(30),
	"title" varchar(100),
	"content" text,
	"receiver_wx_user_id" varchar(32),
	"receiver_openid" varchar(64),
	"biz_type" varchar(30),
	"biz_id" varchar(32),
	"send_status" smallint DEFAULT 0 NOT NULL,
	"send_time" timestamp with time zone,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"fail_code" varchar(20),
	"fail_reason" varchar(255),
	"read_status" smallint DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	"sender" varchar(50),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_message_template" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"template_code" varchar(50) NOT NULL,
	"template_name" varchar(100) NOT NULL,
	"channel" smallint NOT NULL,
	"scene" varchar(30) NOT NULL,
	"wx_template_id" varchar(64),
	"page_path" varchar(255),
	"miniprogram_state" varchar(10) DEFAULT 'formal',
	"title" varchar(100),
	"content" text,
	"field_mapping" text,
	"template_status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_organization" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"sys_depart_id" varchar(32) NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"org_name" varchar(100) NOT NULL,
	"org_type" smallint NOT NULL,
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"address" varchar(255),
	"longitude" numeric(10, 6),
	"latitude" numeric(10, 6),
	"logo" varchar(500),
	"intro" text,
	"org_status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_oss_file" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"url" varchar(500) NOT NULL,
	"thumb_url" varchar(500),
	"file_type" varchar(10),
	"mime_type" varchar(100),
	"file_ext" varchar(10),
	"file_size" bigint,
	"storage_type" varchar(10),
	"bucket" varchar(64),
	"object_key" varchar(255),
	"md5" varchar(32),
	"width" integer,
	"height" integer,
	"duration" integer,
	"biz_type" varchar(30),
	"biz_id" varchar(32),
	"uploader_type" smallint,
	"uploader_id" varchar(32),
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_question" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"type_id" varchar(32) NOT NULL,
	"answer_type" smallint NOT NULL,
	"content" text NOT NULL,
	"stem_image" varchar(500),
	"options" text,
	"answer" varchar(500) NOT NULL,
	"analysis" text,
	"difficulty" smallint DEFAULT 1 NOT NULL,
	"score" integer DEFAULT 5 NOT NULL,
	"red_mark_id" varchar(32),
	"q_status" smallint DEFAULT 1 NOT NULL,
	"use_count" integer DEFAULT 0,
	"correct_rate" numeric(5, 2),
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_question_report_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"question_id" varchar(32) NOT NULL,
	"answer_id" varchar(32),
	"user_task_id" varchar(32),
	"task_id" varchar(32),
	"activity_id" varchar(32),
	"time_id" varchar(32),
	"user_answer" varchar(500),
	"is_correct" smallint,
	"score" integer,
	"answer_seconds" integer,
	"answer_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_question_type" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"type_name" varchar(50) NOT NULL,
	"pid" varchar(32) DEFAULT '0' NOT NULL,
	"has_child" varchar(3) DEFAULT '0' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"icon" varchar(500),
	"type_status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_school" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"school_name" varchar(100) NOT NULL,
	"school_code" varchar(20),
	"school_type" smallint NOT NULL,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"district_code" varchar(12),
	"region_name" varchar(100),
	"address" varchar(255),
	"longitude" numeric(10, 6),
	"latitude" numeric(10, 6),
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"sys_depart_id" varchar(32),
	"logo" varchar(500),
	"student_count" integer DEFAULT 0,
	"school_status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_student" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"school_id" varchar(32) NOT NULL,
	"student_name" varchar(50) NOT NULL,
	"student_no" varchar(30) NOT NULL,
	"gender" smallint,
	"school_grade" smallint NOT NULL,
	"class_name" varchar(30) NOT NULL,
	"enroll_year" integer,
	"guardian_name" varchar(50),
	"guardian_phone" varchar(20),
	"wx_user_id" varchar(32),
	"student_status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_tag" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tag_name" varchar(30) NOT NULL,
	"tag_type" smallint NOT NULL,
	"tag_color" varchar(20),
	"icon" varchar(500),
	"show_index" integer DEFAULT 0 NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"tag_status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_tag_rel" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tag_id" varchar(32) NOT NULL,
	"biz_type" varchar(20) NOT NULL,
	"biz_id" varchar(32) NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_data_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"data_table" varchar(32) NOT NULL,
	"data_id" varchar(32) NOT NULL,
	"data_content" text,
	"data_version" integer NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_class_name" varchar(255) NOT NULL,
	"cron_expression" varchar(255) NOT NULL,
	"parameter" varchar(255),
	"description" varchar(255),
	"status" integer DEFAULT -1 NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"next_run_time" timestamp with time zone,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_id" varchar(32) NOT NULL,
	"job_class_name" varchar(255) NOT NULL,
	"parameter" varchar(255),
	"trigger_type" varchar(10) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_ms" integer,
	"success" boolean,
	"message" varchar(1000),
	"instance" varchar(100)
);
--> statement-breakpoint
CREATE INDEX "idx_bbh_msg_receiver" ON "bbh_message" USING btree ("receiver_wx_user_id","read_status");--> statement-breakpoint
CREATE INDEX "idx_bbh_msg_send" ON "bbh_message" USING btree ("send_status","create_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_msg_biz" ON "bbh_message" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_msg_list" ON "bbh_message" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_msg_tpl_code" ON "bbh_message_template" USING btree ("template_code") WHERE del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_org_depart" ON "bbh_organization" USING btree ("sys_depart_id") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "idx_bbh_oss_biz" ON "bbh_oss_file" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_oss_md5" ON "bbh_oss_file" USING btree ("md5");--> statement-breakpoint
CREATE INDEX "idx_bbh_oss_type_time" ON "bbh_oss_file" USING btree ("file_type","create_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_oss_list" ON "bbh_oss_file" USING btree ("del_flag","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_question_type" ON "bbh_question" USING btree ("type_id","q_status","del_flag");--> statement-breakpoint
CREATE INDEX "idx_bbh_question_mark" ON "bbh_question" USING btree ("red_mark_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_question_list" ON "bbh_question" USING btree ("del_flag","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_question_content_trgm" ON "bbh_question" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idx_bbh_qrr_question" ON "bbh_question_report_record" USING btree ("question_id","is_correct");--> statement-breakpoint
CREATE INDEX "idx_bbh_qrr_user" ON "bbh_question_report_record" USING btree ("wx_user_id","answer_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_qrr_answer" ON "bbh_question_report_record" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_qtype_pid" ON "bbh_question_type" USING btree ("pid","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_school_code" ON "bbh_school" USING btree ("school_code") WHERE school_code is not null and del_flag = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_school_name" ON "bbh_school" USING btree ("district_code","school_name") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "idx_bbh_school_list" ON "bbh_school" USING btree ("del_flag","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_student_no" ON "bbh_student" USING btree ("school_id","student_no") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "idx_bbh_student_list" ON "bbh_student" USING btree ("del_flag","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_student_wx" ON "bbh_student" USING btree ("wx_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_tag_name" ON "bbh_tag" USING btree ("tag_type","tag_name") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "idx_bbh_tag_type_show" ON "bbh_tag" USING btree ("tag_type","is_show","show_index");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_tag_rel" ON "bbh_tag_rel" USING btree ("tag_id","biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_tag_rel_biz" ON "bbh_tag_rel" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sys_data_log_version" ON "sys_data_log" USING btree ("data_table","data_id","data_version");--> statement-breakpoint
CREATE INDEX "idx_sys_data_log_time" ON "sys_data_log" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_job_class_name" ON "sys_quartz_job" USING btree ("job_class_name") WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "idx_sys_quartz_job_due" ON "sys_quartz_job" USING btree ("status","next_run_time");--> statement-breakpoint
CREATE INDEX "idx_sys_quartz_job_log_job" ON "sys_quartz_job_log" USING btree ("job_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_sys_quartz_job_log_time" ON "sys_quartz_job_log" USING btree ("start_time" DESC NULLS LAST);--> statement-breakpoint
-- Version triggers: list totals of these tables are cached per table version (exact across instances).
CREATE TRIGGER trg_bbh_question_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_question FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_question_type_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_question_type FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_question_report_record_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_question_report_record FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_school_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_school FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_student_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_student FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_organization_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_organization FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_tag_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_tag FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_message_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_message FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_message_template_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_message_template FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_oss_file_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_oss_file FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_quartz_job_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_quartz_job FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_sys_data_log_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_data_log FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
