CREATE TABLE "upload_renditions" (
	"org_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_renditions_org_id_upload_id_width_pk" PRIMARY KEY("org_id","upload_id","width")
);
--> statement-breakpoint
ALTER TABLE "upload_renditions" ADD CONSTRAINT "upload_renditions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_renditions" ADD CONSTRAINT "upload_renditions_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;