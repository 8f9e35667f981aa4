ALTER TABLE "quotes" ADD COLUMN "reference" varchar(20);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "name" varchar(120);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "thumbnail_path" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "quotes" SET "updated_at" = "created_at";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id",
    extract(year FROM "created_at" AT TIME ZONE 'UTC')::int AS "y",
    row_number() OVER (
      PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'UTC')
      ORDER BY "created_at", "id"
    ) AS "n"
  FROM "quotes"
)
UPDATE "quotes" SET "reference" = 'Q-' || "numbered"."y" || '-' || lpad("numbered"."n"::text, 6, '0')
FROM "numbered" WHERE "quotes"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("series", "year", "last")
SELECT 'Q', extract(year FROM "created_at" AT TIME ZONE 'UTC')::int, count(*)::int
FROM "quotes" GROUP BY 2
ON CONFLICT ("series", "year") DO UPDATE SET "last" = greatest("invoice_counters"."last", excluded."last");--> statement-breakpoint
UPDATE "quotes" SET "name" = left("print_jobs"."file_name", 120)
FROM "print_jobs" WHERE "print_jobs"."id" = "quotes"."job_id";--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_reference_idx" ON "quotes" USING btree ("reference");
