CREATE TABLE "csv_import_mappings" (
	"user_id" text NOT NULL,
	"source" varchar(24) NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csv_import_mappings_user_id_source_pk" PRIMARY KEY("user_id","source")
);
--> statement-breakpoint
CREATE TABLE "store_alerts" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"connection_id" varchar(40),
	"kind" varchar(24) NOT NULL,
	"message" text NOT NULL,
	"order_id" varchar(40),
	"external_id" varchar(100),
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_connections" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"base_url" text NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"credentials_ciphertext" text NOT NULL,
	"webhook_secret_ciphertext" text NOT NULL,
	"remote_webhook_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_test_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_message" text,
	"last_order_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"connection_id" varchar(40) NOT NULL,
	"store_order_id" varchar(64) NOT NULL,
	"external_id" varchar(100) NOT NULL,
	"order_id" varchar(40),
	"status" varchar(16) NOT NULL,
	"unmapped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_pushes" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"connection_id" varchar(40) NOT NULL,
	"order_id" varchar(40) NOT NULL,
	"store_order_id" varchar(64) NOT NULL,
	"external_id" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_skus" (
	"connection_id" varchar(40) NOT NULL,
	"sku" varchar(100) NOT NULL,
	"title" varchar(255),
	"product_id" varchar(40),
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_skus_connection_id_sku_pk" PRIMARY KEY("connection_id","sku")
);
--> statement-breakpoint
ALTER TABLE "csv_import_mappings" ADD CONSTRAINT "csv_import_mappings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_alerts" ADD CONSTRAINT "store_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_alerts" ADD CONSTRAINT "store_alerts_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_connections" ADD CONSTRAINT "store_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pushes" ADD CONSTRAINT "store_pushes_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pushes" ADD CONSTRAINT "store_pushes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_skus" ADD CONSTRAINT "store_skus_connection_id_store_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."store_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_skus" ADD CONSTRAINT "store_skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_alerts_user_idx" ON "store_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_connections_user_idx" ON "store_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_store_id_idx" ON "store_orders" USING btree ("connection_id","store_order_id");--> statement-breakpoint
CREATE INDEX "store_orders_order_idx" ON "store_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_orders_created_idx" ON "store_orders" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE INDEX "store_pushes_due_idx" ON "store_pushes" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "store_pushes_connection_idx" ON "store_pushes" USING btree ("connection_id","created_at");