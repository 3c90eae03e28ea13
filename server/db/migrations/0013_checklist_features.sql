CREATE TABLE "checklist_sign_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"date" date NOT NULL,
	"signed_by_membership_id" uuid,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "photo_when_failing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "note_when_failing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "month_days" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "checks_per_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "check_times" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "requires_sign_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "temperature_logs" ADD COLUMN "month_days" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_sign_offs" ADD CONSTRAINT "checklist_sign_offs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_sign_offs_org_venue_checklist_date_idx" ON "checklist_sign_offs" USING btree ("org_id","venue_id","checklist_id","date");