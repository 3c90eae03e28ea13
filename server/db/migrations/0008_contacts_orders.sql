CREATE TABLE "contact_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"supplier" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"venue_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "par_levels" (
	"org_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"par" numeric NOT NULL,
	CONSTRAINT "par_levels_product_id_venue_id_pk" PRIMARY KEY("product_id","venue_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"pack_size" text DEFAULT '' NOT NULL,
	"price" numeric,
	"code" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_name" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"quantity" numeric NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"received_quantity" numeric,
	"received_issue" text,
	"received_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"supplier_id" uuid,
	"supplier_name" text NOT NULL,
	"supplier_email" text DEFAULT '' NOT NULL,
	"delivery_date" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_name" text,
	"confirmed_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by_name" text,
	"delivery_temperature" numeric,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_name" text,
	"credit_requested_at" timestamp with time zone,
	"supplier_token_hash" text,
	"supplier_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_categories" ADD CONSTRAINT "contact_categories_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_category_id_contact_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."contact_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_product_id_supplier_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."supplier_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "par_levels" ADD CONSTRAINT "par_levels_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_supplier_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."supplier_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_id_contacts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_id_memberships_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_categories_org_idx" ON "contact_categories" USING btree ("org_id","position");--> statement-breakpoint
CREATE INDEX "contacts_org_idx" ON "contacts" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "contacts_category_idx" ON "contacts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "par_levels_org_venue_idx" ON "par_levels" USING btree ("org_id","venue_id");--> statement-breakpoint
CREATE INDEX "supplier_products_contact_idx" ON "supplier_products" USING btree ("org_id","contact_id","position");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("org_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("org_id","order_id","position");--> statement-breakpoint
CREATE INDEX "orders_org_venue_date_idx" ON "orders" USING btree ("org_id","venue_id","delivery_date");--> statement-breakpoint
CREATE INDEX "orders_supplier_idx" ON "orders" USING btree ("org_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_supplier_token_idx" ON "orders" USING btree ("supplier_token_hash");--> statement-breakpoint
-- Existing organisations get the default categories in their first owner's language (docs/decisions/028).
INSERT INTO "contact_categories" ("org_id", "name", "position", "supplier")
SELECT o."id", c."name", c."position", c."supplier"
FROM "organisations" o
CROSS JOIN LATERAL (
  SELECT coalesce((
    SELECT u."locale" FROM "memberships" m JOIN "users" u ON u."id" = m."user_id"
    WHERE m."org_id" = o."id" AND m."role" = 'OWNER' AND m."status" = 'active'
    ORDER BY m."created_at" LIMIT 1
  ), 'en') AS "locale"
) l
JOIN (VALUES
  ('en', 'Suppliers', 0, true), ('en', 'Maintenance', 1, false), ('en', 'Emergency', 2, false),
  ('es', 'Proveedores', 0, true), ('es', 'Mantenimiento', 1, false), ('es', 'Emergencias', 2, false)
) AS c("locale", "name", "position", "supplier") ON c."locale" = (CASE WHEN l."locale" = 'es' THEN 'es' ELSE 'en' END);
