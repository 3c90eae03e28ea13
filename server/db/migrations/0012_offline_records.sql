CREATE TABLE "idempotency_keys" (
	"org_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_org_id_actor_key_pk" PRIMARY KEY("org_id","actor","key")
);
--> statement-breakpoint
ALTER TABLE "record_resolutions" ADD COLUMN "device_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "device_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_org_expires_idx" ON "idempotency_keys" USING btree ("org_id","expires_at");