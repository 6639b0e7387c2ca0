CREATE TABLE "sys_depart" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"parent_id" varchar(32) DEFAULT '' NOT NULL,
	"depart_name" varchar(100) NOT NULL,
	"depart_name_en" varchar(500),
	"depart_name_abbr" varchar(500),
	"depart_order" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"org_category" varchar(10) DEFAULT '1' NOT NULL,
	"org_type" varchar(10),
	"org_code" varchar(64) NOT NULL,
	"mobile" varchar(32),
	"fax" varchar(32),
	"address" varchar(100),
	"memo" varchar(500),
	"status" varchar(1),
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"qywx_identifier" varchar(100),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"dict_name" varchar(100) NOT NULL,
	"dict_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"del_flag" integer DEFAULT 0 NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"dict_id" varchar(32) NOT NULL,
	"item_text" varchar(100) NOT NULL,
	"item_value" varchar(100) NOT NULL,
	"description" varchar(255),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"log_type" integer NOT NULL,
	"log_content" varchar(1000),
	"operate_type" integer,
	"userid" varchar(32),
	"username" varchar(100),
	"ip" varchar(100),
	"method" varchar(500),
	"request_url" varchar(255),
	"request_param" text,
	"request_type" varchar(10),
	"cost_time" integer,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"parent_id" varchar(32),
	"name" varchar(100),
	"url" varchar(255),
	"component" varchar(255),
	"component_name" varchar(100),
	"redirect" varchar(255),
	"menu_type" integer NOT NULL,
	"perms" varchar(255),
	"perms_type" varchar(10) DEFAULT '0',
	"sort_no" double precision DEFAULT 0 NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"icon" varchar(100),
	"is_route" boolean DEFAULT true NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hide_tab" boolean DEFAULT false NOT NULL,
	"description" varchar(255),
	"del_flag" integer DEFAULT 0 NOT NULL,
	"rule_flag" integer DEFAULT 0 NOT NULL,
	"status" varchar(2),
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"role_name" varchar(200),
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_seed_step" (
	"step" varchar(100) PRIMARY KEY NOT NULL,
	"applied_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"username" varchar(100) NOT NULL,
	"ip" varchar(100),
	"user_agent" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"revoke_time" timestamp with time zone,
	"revoke_reason" varchar(50)
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"realname" varchar(100),
	"password" varchar(255) NOT NULL,
	"salt" varchar(45),
	"avatar" varchar(255),
	"birthday" date,
	"sex" smallint,
	"email" varchar(45),
	"phone" varchar(45),
	"org_code" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"third_id" varchar(100),
	"third_type" varchar(100),
	"activiti_sync" smallint,
	"work_no" varchar(100),
	"post" varchar(100),
	"telephone" varchar(45),
	"user_identity" smallint,
	"depart_ids" text,
	"rel_tenant_ids" varchar(100),
	"client_id" varchar(64),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user_depart" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"dep_id" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"role_id" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_depart_org_code" ON "sys_depart" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "idx_sys_depart_parent" ON "sys_depart" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_sd_dict_code" ON "sys_dict" USING btree ("dict_code");--> statement-breakpoint
CREATE INDEX "idx_sdi_dict_sort" ON "sys_dict_item" USING btree ("dict_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sdi_dict_value" ON "sys_dict_item" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "idx_sys_log_type_time" ON "sys_log" USING btree ("log_type","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_sys_permission_parent" ON "sys_permission" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "idx_sys_permission_sort" ON "sys_permission" USING btree ("sort_no");--> statement-breakpoint
CREATE INDEX "idx_sys_permission_perms" ON "sys_permission" USING btree ("perms");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_role_role_code" ON "sys_role" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_role_permission" ON "sys_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE INDEX "idx_sys_role_permission_perm" ON "sys_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "idx_sys_session_user" ON "sys_session" USING btree ("user_id") WHERE revoke_time is null;--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_username" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_work_no" ON "sys_user" USING btree ("work_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_phone" ON "sys_user" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_email" ON "sys_user" USING btree ("email");--> statement-breakpoint
CREATE INDEX "idx_sys_user_list" ON "sys_user" USING btree ("del_flag","create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_org_code" ON "sys_user" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "idx_sys_user_realname_trgm" ON "sys_user" USING gin ("realname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idx_sys_user_username_trgm" ON "sys_user" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_depart" ON "sys_user_depart" USING btree ("user_id","dep_id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_depart_dep" ON "sys_user_depart" USING btree ("dep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_role" ON "sys_user_role" USING btree ("user_id","role_id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_role_role" ON "sys_user_role" USING btree ("role_id");