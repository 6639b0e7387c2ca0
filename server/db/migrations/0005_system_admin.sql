CREATE TABLE "sys_category" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"pid" varchar(36) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100),
	"has_child" varchar(3) DEFAULT '0' NOT NULL,
	"sys_org_code" varchar(64),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_json" varchar(1024) NOT NULL,
	"rule_description" varchar(200),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_data_source" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" varchar(200),
	"db_type" varchar(10) NOT NULL,
	"db_driver" varchar(100),
	"db_url" varchar(500) NOT NULL,
	"db_name" varchar(100),
	"db_username" varchar(100),
	"db_password" varchar(300),
	"sys_org_code" varchar(64),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"role_name" varchar(200),
	"role_code" varchar(100),
	"description" varchar(255),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32),
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"drole_id" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_class" varchar(100) NOT NULL,
	"rule_params" varchar(200),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_permission_data_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"rule_name" varchar(50),
	"rule_column" varchar(50),
	"rule_conditions" varchar(50),
	"rule_value" varchar(300),
	"status" varchar(3) DEFAULT '1' NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_position" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"post_rank" varchar(2),
	"company_id" varchar(255),
	"sys_org_code" varchar(50),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "index_code" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_sys_category_pid" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_scr_rule_code" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sdc_rule_code" ON "sys_data_source" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_permission" ON "sys_depart_permission" USING btree ("depart_id","permission_id");--> statement-breakpoint
CREATE INDEX "idx_sys_depart_permission_perm" ON "sys_depart_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "idx_sys_depart_role_depart" ON "sys_depart_role" USING btree ("depart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_permission" ON "sys_depart_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE INDEX "idx_sys_depart_role_permission_perm" ON "sys_depart_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_user" ON "sys_depart_role_user" USING btree ("user_id","drole_id");--> statement-breakpoint
CREATE INDEX "idx_sys_depart_role_user_role" ON "sys_depart_role_user" USING btree ("drole_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sfr_rule_code" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE INDEX "idx_sys_permission_data_rule_perm" ON "sys_permission_data_rule" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_code" ON "sys_position" USING btree ("code");