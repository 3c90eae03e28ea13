ALTER TABLE "checklists" ADD COLUMN "items_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "record_day_counts" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "record_day_counts" ADD COLUMN "checks_version" integer;--> statement-breakpoint
ALTER TABLE "record_day_counts" ADD COLUMN "checks_fingerprint" text;--> statement-breakpoint
ALTER TABLE "temperature_logs" ADD COLUMN "items_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 071: every write to a template's items bumps the template's "items_version", so that the day
-- lists' stored counts (record_day_counts.checks) know when the items they counted have changed.
-- Statement-level triggers with transition tables: one update per statement, however many items it writes.
CREATE FUNCTION "checklist_items_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "checklists" AS t SET "items_version" = t."items_version" + 1
  WHERE t."id" IN (SELECT DISTINCT "checklist_id" FROM "changed_items");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "temperature_items_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "temperature_logs" AS t SET "items_version" = t."items_version" + 1
  WHERE t."id" IN (SELECT DISTINCT "temperature_id" FROM "changed_items");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checklist_items_version_insert" AFTER INSERT ON "checklist_items" REFERENCING NEW TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "checklist_items_version"();
--> statement-breakpoint
CREATE TRIGGER "checklist_items_version_update" AFTER UPDATE ON "checklist_items" REFERENCING NEW TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "checklist_items_version"();
--> statement-breakpoint
CREATE TRIGGER "checklist_items_version_delete" AFTER DELETE ON "checklist_items" REFERENCING OLD TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "checklist_items_version"();
--> statement-breakpoint
CREATE TRIGGER "temperature_items_version_insert" AFTER INSERT ON "temperature_items" REFERENCING NEW TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "temperature_items_version"();
--> statement-breakpoint
CREATE TRIGGER "temperature_items_version_update" AFTER UPDATE ON "temperature_items" REFERENCING NEW TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "temperature_items_version"();
--> statement-breakpoint
CREATE TRIGGER "temperature_items_version_delete" AFTER DELETE ON "temperature_items" REFERENCING OLD TABLE AS "changed_items" FOR EACH STATEMENT EXECUTE FUNCTION "temperature_items_version"();
