CREATE TABLE "device_login_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text,
	"pin_membership_id" uuid,
	"pin_since" timestamp with time zone,
	"pin_last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"pin_failures" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"pin_locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_resolutions" ADD COLUMN "resolved_by_device_id" uuid;--> statement-breakpoint
ALTER TABLE "record_resolutions" ADD COLUMN "resolved_by_device_name" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "recorded_by_device_id" uuid;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "recorded_by_device_name" text;--> statement-breakpoint
ALTER TABLE "device_login_links" ADD CONSTRAINT "device_login_links_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_login_links" ADD CONSTRAINT "device_login_links_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sessions" ADD CONSTRAINT "device_sessions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sessions" ADD CONSTRAINT "device_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sessions" ADD CONSTRAINT "device_sessions_pin_membership_id_memberships_id_fk" FOREIGN KEY ("pin_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_login_links_token_idx" ON "device_login_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_login_links_org_device_idx" ON "device_login_links" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_login_links_live_idx" ON "device_login_links" USING btree ("device_id") WHERE "device_login_links"."used_at" is null and "device_login_links"."voided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "device_sessions_token_hash_idx" ON "device_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_sessions_org_device_idx" ON "device_sessions" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE INDEX "devices_org_idx" ON "devices" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "devices_venue_idx" ON "devices" USING btree ("venue_id");