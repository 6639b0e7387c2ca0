CREATE TABLE "sys_announcement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"titile" varchar(100),
	"msg_content" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"sender" varchar(100),
	"priority" varchar(255),
	"msg_category" varchar(10) DEFAULT '2' NOT NULL,
	"msg_type" varchar(10),
	"send_status" varchar(10),
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"bus_type" varchar(20),
	"bus_id" varchar(50),
	"open_type" varchar(20),
	"open_page" varchar(255),
	"user_ids" text,
	"msg_abstract" text,
	"dt_task_id" varchar(100),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_send" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"annt_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"read_flag" varchar(10) DEFAULT '0' NOT NULL,
	"read_time" timestamp with time zone,
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_sys_announcement_list" ON "sys_announcement" USING btree ("del_flag","send_status","msg_category","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_announcement_send" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "idx_sys_announcement_send_user" ON "sys_announcement_send" USING btree ("user_id","read_flag");