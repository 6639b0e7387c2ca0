CREATE TABLE "sys_sms" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"es_title" varchar(100),
	"es_type" varchar(1),
	"es_receiver" varchar(255),
	"es_param" varchar(1000),
	"es_content" text,
	"es_send_time" timestamp with time zone,
	"es_send_status" varchar(2) DEFAULT '0' NOT NULL,
	"es_send_num" integer DEFAULT 0 NOT NULL,
	"es_result" varchar(255),
	"remark" varchar(500),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_sms_template" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"template_name" varchar(50),
	"template_code" varchar(32) NOT NULL,
	"template_type" varchar(1) NOT NULL,
	"template_content" varchar(1000) NOT NULL,
	"template_test_json" varchar(1000),
	"create_by" varchar(50),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(50),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_sys_sms_queue" ON "sys_sms" USING btree ("es_send_status","es_send_num");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_sms_template_code" ON "sys_sms_template" USING btree ("template_code");