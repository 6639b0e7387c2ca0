CREATE TABLE "bbh_activation_code" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"code_status" smallint DEFAULT 0 NOT NULL,
	"valid_start_time" timestamp with time zone,
	"valid_end_time" timestamp with time zone,
	"bind_school_id" varchar(32),
	"bind_org_id" varchar(32),
	"used_by" varchar(32),
	"used_time" timestamp with time zone,
	"void_by" varchar(50),
	"void_time" timestamp with time zone,
	"void_reason" varchar(255),
	"remark" varchar(255),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_apply" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) DEFAULT '' NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"real_name" varchar(50) NOT NULL,
	"phone" varchar(20),
	"school_id" varchar(32),
	"student_id" varchar(32),
	"class_name" varchar(30),
	"org_id" varchar(32),
	"group_id" varchar(32),
	"activation_code_id" varchar(32),
	"apply_form" varchar(2000),
	"apply_status" smallint DEFAULT 0 NOT NULL,
	"apply_time" timestamp with time zone DEFAULT now() NOT NULL,
	"audit_by" varchar(50),
	"audit_time" timestamp with time zone,
	"audit_remark" varchar(255),
	"cancel_time" timestamp with time zone,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_grade" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) NOT NULL,
	"round_no" integer NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"user_activity_id" varchar(32) NOT NULL,
	"group_id" varchar(32),
	"display_name" varchar(50),
	"school_id" varchar(32),
	"school_name" varchar(100),
	"class_name" varchar(30),
	"org_id" varchar(32),
	"total_score" integer DEFAULT 0 NOT NULL,
	"finished_task_count" integer DEFAULT 0 NOT NULL,
	"total_task_count" integer DEFAULT 0 NOT NULL,
	"finished_mark_count" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer,
	"start_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"is_finished" smallint DEFAULT 0 NOT NULL,
	"rank_no" integer,
	"grade_level" varchar(10),
	"settle_time" timestamp with time zone,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_group" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32),
	"group_name" varchar(50) NOT NULL,
	"group_no" varchar(20),
	"group_type" smallint DEFAULT 1 NOT NULL,
	"leader_wx_user_id" varchar(32),
	"school_id" varchar(32),
	"org_id" varchar(32),
	"class_name" varchar(30),
	"max_members" integer,
	"member_count" integer DEFAULT 0 NOT NULL,
	"invite_code" varchar(10),
	"group_status" smallint DEFAULT 1 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_group_grade" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) NOT NULL,
	"round_no" integer NOT NULL,
	"group_id" varchar(32) NOT NULL,
	"group_name" varchar(50),
	"member_count" integer DEFAULT 0 NOT NULL,
	"finished_member_count" integer DEFAULT 0 NOT NULL,
	"total_score" integer DEFAULT 0 NOT NULL,
	"avg_score" numeric(10, 2),
	"group_score" numeric(10, 2),
	"score_rule" smallint,
	"avg_duration_seconds" integer,
	"rank_no" integer,
	"settle_time" timestamp with time zone,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_main" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_name" varchar(100) NOT NULL,
	"activity_type" smallint NOT NULL,
	"cover_image" varchar(500),
	"banner_images" varchar(2000),
	"summary" varchar(500),
	"content" text,
	"rules" text,
	"organizer_org_id" varchar(32),
	"organizer_name" varchar(100),
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"province_code" varchar(12),
	"city_code" varchar(12),
	"district_code" varchar(12),
	"region_name" varchar(100),
	"address" varchar(255),
	"longitude" numeric(10, 6),
	"latitude" numeric(10, 6),
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"need_apply" smallint DEFAULT 1 NOT NULL,
	"apply_need_audit" smallint DEFAULT 0 NOT NULL,
	"apply_start_time" timestamp with time zone,
	"apply_end_time" timestamp with time zone,
	"max_participants" integer,
	"participant_scope" smallint DEFAULT 1 NOT NULL,
	"scope_ids" varchar(2000),
	"need_activation" smallint DEFAULT 0 NOT NULL,
	"team_mode" smallint DEFAULT 1 NOT NULL,
	"group_type" smallint,
	"group_min_size" integer,
	"group_max_size" integer,
	"group_score_rule" smallint DEFAULT 2,
	"group_top_n" integer,
	"order_mode" smallint DEFAULT 2 NOT NULL,
	"checkin_radius" integer DEFAULT 200 NOT NULL,
	"total_score" integer,
	"grade_rule" varchar(1000),
	"publish_status" smallint DEFAULT 0 NOT NULL,
	"publish_time" timestamp with time zone,
	"publish_by" varchar(50),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"is_recommend" smallint DEFAULT 0 NOT NULL,
	"share_title" varchar(100),
	"share_image" varchar(500),
	"clone_from_id" varchar(32),
	"view_count" integer DEFAULT 0,
	"apply_count" integer DEFAULT 0,
	"remark" varchar(500),
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_task" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"red_mark_id" varchar(32),
	"task_name" varchar(100) NOT NULL,
	"task_type" smallint NOT NULL,
	"judge_mode" smallint NOT NULL,
	"task_desc" text,
	"cover_image" varchar(500),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 10 NOT NULL,
	"is_required" smallint DEFAULT 1 NOT NULL,
	"pre_task_id" varchar(32),
	"checkin_radius" integer,
	"need_location" smallint DEFAULT 0 NOT NULL,
	"qr_token" varchar(64),
	"question_mode" smallint,
	"question_type_id" varchar(32),
	"question_count" integer,
	"pass_correct_count" integer,
	"time_limit_seconds" integer,
	"min_photo_count" smallint,
	"max_photo_count" smallint,
	"min_text_length" integer,
	"max_video_seconds" integer,
	"study_seconds" integer,
	"max_submit_times" integer DEFAULT 3 NOT NULL,
	"auto_created" smallint DEFAULT 0 NOT NULL,
	"task_status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_activity_time" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_name" varchar(50) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"time_status" smallint DEFAULT 0 NOT NULL,
	"round_no" integer DEFAULT 1 NOT NULL,
	"restart_count" integer DEFAULT 0 NOT NULL,
	"auto_settle" smallint DEFAULT 0 NOT NULL,
	"settle_time" timestamp with time zone,
	"settle_by" varchar(50),
	"participant_count" integer,
	"finished_count" integer,
	"group_count" integer,
	"last_restart_time" timestamp with time zone,
	"last_restart_by" varchar(50),
	"restart_reason" varchar(255),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_red_activity_mark" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"red_mark_id" varchar(32) NOT NULL,
	"sort_no" integer NOT NULL,
	"custom_name" varchar(100),
	"is_start" smallint DEFAULT 0 NOT NULL,
	"is_end" smallint DEFAULT 0 NOT NULL,
	"is_required" smallint DEFAULT 1 NOT NULL,
	"upload_id" varchar(32),
	"upload_time" timestamp with time zone,
	"remark" varchar(255),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_red_mark" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"mark_name" varchar(100) NOT NULL,
	"alias" varchar(100),
	"category" smallint NOT NULL,
	"heritage_level" smallint,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"district_code" varchar(12),
	"region_name" varchar(100),
	"address" varchar(255),
	"longitude" numeric(10, 6),
	"latitude" numeric(10, 6),
	"coord_type" varchar(10) DEFAULT 'gcj02' NOT NULL,
	"checkin_radius" integer DEFAULT 200 NOT NULL,
	"cover_image" varchar(500),
	"images" varchar(4000),
	"thumb_image" varchar(500),
	"thumb_images" varchar(4000),
	"stamp_image" varchar(500),
	"stamp_gray_image" varchar(500),
	"audio_url" varchar(500),
	"audio_duration" integer,
	"video_url" varchar(500),
	"video_cover" varchar(500),
	"summary" varchar(500),
	"content" text,
	"event_period" varchar(50),
	"open_time" varchar(255),
	"ticket_info" varchar(255),
	"phone" varchar(30),
	"source" smallint DEFAULT 1 NOT NULL,
	"collector_wx_user_id" varchar(32),
	"publish_status" smallint DEFAULT 0 NOT NULL,
	"publish_time" timestamp with time zone,
	"publish_by" varchar(50),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0,
	"checkin_count" integer DEFAULT 0,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_score_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) NOT NULL,
	"round_no" integer NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"user_activity_id" varchar(32) NOT NULL,
	"group_id" varchar(32),
	"user_task_id" varchar(32),
	"answer_id" varchar(32),
	"score_type" smallint NOT NULL,
	"score_change" integer NOT NULL,
	"score_after" integer NOT NULL,
	"reason" varchar(255),
	"operator" varchar(50),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_task_question" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"task_id" varchar(32) NOT NULL,
	"question_id" varchar(32) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_user_activity" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) NOT NULL,
	"round_no" integer DEFAULT 1 NOT NULL,
	"apply_id" varchar(32),
	"group_id" varchar(32),
	"activation_code_id" varchar(32),
	"ua_status" smallint DEFAULT 0 NOT NULL,
	"join_time" timestamp with time zone DEFAULT now() NOT NULL,
	"start_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"last_active_time" timestamp with time zone,
	"total_score" integer DEFAULT 0 NOT NULL,
	"finished_task_count" integer DEFAULT 0 NOT NULL,
	"total_task_count" integer DEFAULT 0 NOT NULL,
	"finished_mark_count" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer,
	"current_sort_no" integer,
	"rank_no" integer,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_user_task" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_activity_id" varchar(32) NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) NOT NULL,
	"round_no" integer DEFAULT 1 NOT NULL,
	"task_id" varchar(32) NOT NULL,
	"red_mark_id" varchar(32),
	"ut_status" smallint DEFAULT 0 NOT NULL,
	"settle_prev_status" smallint,
	"score" integer DEFAULT 0 NOT NULL,
	"submit_count" integer DEFAULT 0 NOT NULL,
	"last_answer_id" varchar(32),
	"unlock_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_user_task_answer" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_task_id" varchar(32) NOT NULL,
	"user_activity_id" varchar(32) NOT NULL,
	"wx_user_id" varchar(32) NOT NULL,
	"activity_id" varchar(32) NOT NULL,
	"time_id" varchar(32) NOT NULL,
	"round_no" integer DEFAULT 1 NOT NULL,
	"task_id" varchar(32) NOT NULL,
	"red_mark_id" varchar(32),
	"task_type" smallint NOT NULL,
	"attempt_no" integer DEFAULT 1 NOT NULL,
	"answer_text" text,
	"answer_detail" text,
	"answer_images" varchar(4000),
	"answer_video" varchar(500),
	"answer_audio" varchar(500),
	"qr_content" varchar(255),
	"submit_longitude" numeric(10, 6),
	"submit_latitude" numeric(10, 6),
	"location_accuracy" integer,
	"distance_m" integer,
	"is_correct" smallint,
	"auto_score" integer,
	"score" integer,
	"audit_status" smallint DEFAULT 0 NOT NULL,
	"audit_by" varchar(50),
	"audit_time" timestamp with time zone,
	"audit_remark" varchar(255),
	"is_latest" smallint DEFAULT 1 NOT NULL,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "bbh_wx_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"openid" varchar(64) NOT NULL,
	"unionid" varchar(64),
	"session_key" varchar(128),
	"nickname" varchar(64) DEFAULT '微信用户',
	"avatar_url" varchar(500),
	"phone" varchar(20),
	"real_name" varchar(50),
	"gender" smallint,
	"school_id" varchar(32),
	"student_id" varchar(32),
	"sys_depart_id" varchar(32),
	"org_code" varchar(64),
	"is_point_maker" smallint DEFAULT 0 NOT NULL,
	"user_status" smallint DEFAULT 0 NOT NULL,
	"total_score" integer DEFAULT 0,
	"activity_count" integer DEFAULT 0,
	"checkin_count" integer DEFAULT 0,
	"last_login_time" timestamp with time zone,
	"last_login_ip" varchar(64),
	"register_scene" varchar(20),
	"remark" varchar(255),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone,
	"sys_org_code" varchar(64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_activation_code" ON "bbh_activation_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_bbh_activation_activity_status" ON "bbh_activation_code" USING btree ("activity_id","code_status");--> statement-breakpoint
CREATE INDEX "idx_bbh_activation_batch" ON "bbh_activation_code" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "idx_bbh_activation_list" ON "bbh_activation_code" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_apply" ON "bbh_activity_apply" USING btree ("activity_id","time_id","wx_user_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_apply_status" ON "bbh_activity_apply" USING btree ("activity_id","apply_status");--> statement-breakpoint
CREATE INDEX "idx_bbh_apply_list" ON "bbh_activity_apply" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_grade" ON "bbh_activity_grade" USING btree ("time_id","round_no","wx_user_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_grade_rank" ON "bbh_activity_grade" USING btree ("time_id","round_no","rank_no");--> statement-breakpoint
CREATE INDEX "idx_bbh_grade_activity" ON "bbh_activity_grade" USING btree ("activity_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_group_name" ON "bbh_activity_group" USING btree ("activity_id","group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_group_invite" ON "bbh_activity_group" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_group_grade" ON "bbh_activity_group_grade" USING btree ("time_id","round_no","group_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_group_grade_activity" ON "bbh_activity_group_grade" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_list" ON "bbh_activity_main" USING btree ("del_flag","activity_type","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_type_pub" ON "bbh_activity_main" USING btree ("activity_type","publish_status","del_flag");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_org" ON "bbh_activity_main" USING btree ("sys_org_code");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_period" ON "bbh_activity_main" USING btree ("start_time","end_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_name_trgm" ON "bbh_activity_main" USING gin ("activity_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idx_bbh_task_activity_sort" ON "bbh_activity_task" USING btree ("activity_id","sort_no");--> statement-breakpoint
CREATE INDEX "idx_bbh_task_mark" ON "bbh_activity_task" USING btree ("red_mark_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_task_qr_token" ON "bbh_activity_task" USING btree ("qr_token");--> statement-breakpoint
CREATE INDEX "idx_bbh_time_activity" ON "bbh_activity_time" USING btree ("activity_id","start_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_time_sched" ON "bbh_activity_time" USING btree ("time_status","start_time","end_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_activity_mark" ON "bbh_red_activity_mark" USING btree ("activity_id","red_mark_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_mark_sort" ON "bbh_red_activity_mark" USING btree ("activity_id","sort_no");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_mark_mark" ON "bbh_red_activity_mark" USING btree ("red_mark_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_activity_mark_upload" ON "bbh_red_activity_mark" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_red_mark_list" ON "bbh_red_mark" USING btree ("del_flag","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_bbh_red_mark_region" ON "bbh_red_mark" USING btree ("province_code","city_code","district_code");--> statement-breakpoint
CREATE INDEX "idx_bbh_red_mark_pub" ON "bbh_red_mark" USING btree ("publish_status","del_flag");--> statement-breakpoint
CREATE INDEX "idx_bbh_red_mark_geo" ON "bbh_red_mark" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "idx_bbh_red_mark_org" ON "bbh_red_mark" USING btree ("sys_org_code");--> statement-breakpoint
CREATE INDEX "idx_bbh_red_mark_name_trgm" ON "bbh_red_mark" USING gin ("mark_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idx_bbh_score_ua" ON "bbh_score_record" USING btree ("user_activity_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_score_time_user" ON "bbh_score_record" USING btree ("time_id","wx_user_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_score_user_task" ON "bbh_score_record" USING btree ("user_task_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_score_list" ON "bbh_score_record" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_task_question" ON "bbh_task_question" USING btree ("task_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_ua" ON "bbh_user_activity" USING btree ("activity_id","time_id","round_no","wx_user_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_ua_board" ON "bbh_user_activity" USING btree ("time_id","round_no","total_score");--> statement-breakpoint
CREATE INDEX "idx_bbh_ua_group" ON "bbh_user_activity" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_ut" ON "bbh_user_task" USING btree ("user_activity_id","task_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_ut_task_status" ON "bbh_user_task" USING btree ("activity_id","task_id","ut_status");--> statement-breakpoint
CREATE INDEX "idx_bbh_ut_window" ON "bbh_user_task" USING btree ("time_id","round_no","ut_status");--> statement-breakpoint
CREATE INDEX "idx_bbh_answer_audit" ON "bbh_user_task_answer" USING btree ("audit_status","activity_id","submit_time");--> statement-breakpoint
CREATE INDEX "idx_bbh_answer_window" ON "bbh_user_task_answer" USING btree ("time_id","round_no","audit_status");--> statement-breakpoint
CREATE INDEX "idx_bbh_answer_ut" ON "bbh_user_task_answer" USING btree ("user_task_id","attempt_no");--> statement-breakpoint
CREATE INDEX "idx_bbh_answer_user" ON "bbh_user_task_answer" USING btree ("wx_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_bbh_wx_user_openid" ON "bbh_wx_user" USING btree ("openid");--> statement-breakpoint
CREATE INDEX "idx_bbh_wx_user_unionid" ON "bbh_wx_user" USING btree ("unionid");--> statement-breakpoint
CREATE INDEX "idx_bbh_wx_user_phone" ON "bbh_wx_user" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "idx_bbh_wx_user_depart" ON "bbh_wx_user" USING btree ("sys_depart_id");--> statement-breakpoint
CREATE INDEX "idx_bbh_wx_user_point_maker" ON "bbh_wx_user" USING btree ("is_point_maker");--> statement-breakpoint
-- Version triggers for the bbh tables whose list totals are cached (server/lib/versioned-cache.ts).
CREATE TRIGGER trg_bbh_activity_main_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_main FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_time_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_time FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_task_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_task FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_red_mark_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_red_mark FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_red_activity_mark_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_red_activity_mark FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_apply_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_apply FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_group_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_group FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activation_code_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activation_code FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_grade_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_grade FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_activity_group_grade_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_activity_group_grade FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER trg_bbh_score_record_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bbh_score_record FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
