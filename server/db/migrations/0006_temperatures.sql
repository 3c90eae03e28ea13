CREATE TABLE "temperature_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"temperature_id" uuid NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temperature_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"temperature_id" uuid NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"min" numeric,
	"max" numeric,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temperature_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"venue_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"days" integer[] DEFAULT '{0,1,2,3,4,5,6}'::integer[] NOT NULL,
	"checks_per_day" integer DEFAULT 1 NOT NULL,
	"check_times" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "temperature_entries" ADD CONSTRAINT "temperature_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_items" ADD CONSTRAINT "temperature_items_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_items" ADD CONSTRAINT "temperature_items_temperature_id_temperature_logs_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperature_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temperature_logs" ADD CONSTRAINT "temperature_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "temperature_entries_org_venue_log_date_idx" ON "temperature_entries" USING btree ("org_id","venue_id","temperature_id","date");--> statement-breakpoint
CREATE INDEX "temperature_items_org_log_idx" ON "temperature_items" USING btree ("org_id","temperature_id","position");--> statement-breakpoint
CREATE INDEX "temperature_logs_org_position_idx" ON "temperature_logs" USING btree ("org_id","position");