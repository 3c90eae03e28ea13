CREATE TABLE "record_day_counts" (
	"org_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"fingerprint" text,
	"on_time" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"unresolved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "record_day_counts_org_id_venue_id_date_kind_template_id_pk" PRIMARY KEY("org_id","venue_id","date","kind","template_id")
);
--> statement-breakpoint
ALTER TABLE "record_day_counts" ADD CONSTRAINT "record_day_counts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 058: every write to a template-day's records or corrective actions invalidates its stored counts.
-- Statement-level triggers with transition tables: one upsert per statement, however many rows it writes.
CREATE FUNCTION "record_day_counts_records_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "record_day_counts" ("org_id", "venue_id", "date", "kind", "template_id")
  SELECT DISTINCT "org_id", "venue_id", "date", "kind", "template_id" FROM "new_rows"
  ON CONFLICT ("org_id", "venue_id", "date", "kind", "template_id")
  DO UPDATE SET "version" = "record_day_counts"."version" + 1, "fingerprint" = NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "record_day_counts_records_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "record_day_counts" AS c SET "version" = c."version" + 1, "fingerprint" = NULL
  FROM (SELECT DISTINCT "org_id", "venue_id", "date", "kind", "template_id" FROM "old_rows") AS o
  WHERE c."org_id" = o."org_id" AND c."venue_id" = o."venue_id" AND c."date" = o."date" AND c."kind" = o."kind" AND c."template_id" = o."template_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One function for every change to corrective actions: each trigger names its transition table "changed_rows".
CREATE FUNCTION "record_day_counts_resolutions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "record_day_counts" AS c SET "version" = c."version" + 1, "fingerprint" = NULL
  FROM (SELECT DISTINCT r."org_id", r."venue_id", r."date", r."kind", r."template_id" FROM "changed_rows" AS n JOIN "records" AS r ON r."id" = n."record_id") AS o
  WHERE c."org_id" = o."org_id" AND c."venue_id" = o."venue_id" AND c."date" = o."date" AND c."kind" = o."kind" AND c."template_id" = o."template_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "records_day_counts_insert" AFTER INSERT ON "records" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_records_added"();
--> statement-breakpoint
CREATE TRIGGER "records_day_counts_update_new" AFTER UPDATE ON "records" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_records_added"();
--> statement-breakpoint
CREATE TRIGGER "records_day_counts_update_old" AFTER UPDATE ON "records" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_records_removed"();
--> statement-breakpoint
CREATE TRIGGER "records_day_counts_delete" AFTER DELETE ON "records" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_records_removed"();
--> statement-breakpoint
CREATE TRIGGER "record_resolutions_day_counts_insert" AFTER INSERT ON "record_resolutions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_resolutions_changed"();
--> statement-breakpoint
CREATE TRIGGER "record_resolutions_day_counts_update_new" AFTER UPDATE ON "record_resolutions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_resolutions_changed"();
--> statement-breakpoint
CREATE TRIGGER "record_resolutions_day_counts_update_old" AFTER UPDATE ON "record_resolutions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_resolutions_changed"();
--> statement-breakpoint
CREATE TRIGGER "record_resolutions_day_counts_delete" AFTER DELETE ON "record_resolutions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_day_counts_resolutions_changed"();
--> statement-breakpoint
INSERT INTO "record_day_counts" ("org_id", "venue_id", "date", "kind", "template_id")
SELECT DISTINCT "org_id", "venue_id", "date", "kind", "template_id" FROM "records"
ON CONFLICT DO NOTHING;
