ALTER TABLE "venues" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_price" numeric;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sent_by_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sent_by_id_memberships_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;