-- Decision 042: the charge run walks its two work indexes forward by a cursor (time, id) instead of
-- reading each from its start per batch; the id makes the key total, so the walk can go on after
-- the last row it took even when a whole run's months share one due time.
DROP INDEX "recurring_tips_due_idx";--> statement-breakpoint
CREATE INDEX "recurring_tips_due_idx" ON "recurring_tips" USING btree ("next_charge_at","id") WHERE status = 'active' and mandate_status = 'valid';--> statement-breakpoint
DROP INDEX "recurring_tip_charges_work_idx";--> statement-breakpoint
CREATE INDEX "recurring_tip_charges_work_idx" ON "recurring_tip_charges" USING btree ("next_attempt_at","id") WHERE status = 'scheduled';
