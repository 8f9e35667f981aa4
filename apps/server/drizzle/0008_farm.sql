CREATE TABLE "farm_jobs" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"order_id" varchar(40) NOT NULL,
	"order_item_id" varchar(40) NOT NULL,
	"plate" integer NOT NULL,
	"attempt" integer NOT NULL,
	"copies" integer NOT NULL,
	"material" varchar(8) NOT NULL,
	"color" varchar(30) NOT NULL,
	"size" jsonb NOT NULL,
	"print_seconds" integer NOT NULL,
	"express" boolean NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"status" varchar(12) NOT NULL,
	"printer_id" varchar(40),
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"model" varchar(40) NOT NULL,
	"volume" jsonb NOT NULL,
	"material" varchar(8) NOT NULL,
	"color" varchar(30) NOT NULL,
	"status" varchar(16) NOT NULL,
	"current_job_id" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "farm_jobs" ADD CONSTRAINT "farm_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_jobs" ADD CONSTRAINT "farm_jobs_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_jobs" ADD CONSTRAINT "farm_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farm_jobs_plate_idx" ON "farm_jobs" USING btree ("order_item_id","plate","attempt");--> statement-breakpoint
CREATE INDEX "farm_jobs_status_idx" ON "farm_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "farm_jobs_order_idx" ON "farm_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_name_idx" ON "printers" USING btree ("name");