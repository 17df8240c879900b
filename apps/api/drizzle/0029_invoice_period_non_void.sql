-- Decision 068: one platform-fee invoice per tip jar and month among the invoices that count. A voided
-- invoice no longer holds its month, so the month can be invoiced again (the void gave its fee credits
-- back; the new invoice takes them).
DROP INDEX IF EXISTS "invoices_tipjar_period_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tipjar_period_key" ON "invoices" ("tipjar_id", "period") WHERE "status" <> 'void';
