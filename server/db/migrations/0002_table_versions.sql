CREATE TABLE "sys_table_version" (
	"table_name" varchar(64) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
