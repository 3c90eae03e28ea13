ALTER TABLE "checklist_items" ADD COLUMN "fails_on" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "fails_on" text;--> statement-breakpoint
-- Yes/no records made before items said which answer fails were judged by "no": keep that on them.
UPDATE "records" SET "fails_on" = 'no' WHERE "item_type" = 'yes_no';
