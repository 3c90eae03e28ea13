CREATE TABLE "device_offline_pins" (
	"org_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"pin_digest" text NOT NULL,
	"verifier" text NOT NULL,
	"proof_key" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_offline_pins_session_id_membership_id_pk" PRIMARY KEY("session_id","membership_id")
);
--> statement-breakpoint
ALTER TABLE "device_offline_pins" ADD CONSTRAINT "device_offline_pins_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_offline_pins" ADD CONSTRAINT "device_offline_pins_session_id_device_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."device_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_offline_pins" ADD CONSTRAINT "device_offline_pins_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_offline_pins_org_session_idx" ON "device_offline_pins" USING btree ("org_id","session_id");