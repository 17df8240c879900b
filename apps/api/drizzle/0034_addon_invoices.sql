-- Issue 39 (decision 080): the invoice of a paid {product} order is made when its payment completes, in the
-- one yearly series; addon_id names the order, and its unique index keeps it to one invoice per order.
ALTER TABLE "invoices" ADD COLUMN "addon_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_addon_key" ON "invoices" USING btree ("addon_id");