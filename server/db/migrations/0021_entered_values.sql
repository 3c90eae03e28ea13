ALTER TABLE "records" ADD COLUMN "entered_value" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "entered_unit" text;