-- Issue 36.1/36.3 (decision 070): a payment may have several refunds made at the provider, each booked
-- once by its uid (refunds_provider_uid_key), so only a chargeback stays one per payment; a payment's
-- refunds are read at the provider after a `refunded`/`chargeback` status, and refund_reads keeps the
-- payments whose read is still to be done (the reconcile job retries it).
DROP INDEX "refunds_provider_reversal_key";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_chargeback_key" ON "refunds" USING btree ("opp_transaction_id") WHERE source = 'provider' and kind = 'chargeback';--> statement-breakpoint
CREATE INDEX "refunds_opp_transaction_idx" ON "refunds" USING btree ("opp_transaction_id");--> statement-breakpoint
CREATE TABLE "refund_reads" (
	"opp_transaction_id" uuid PRIMARY KEY NOT NULL,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "refund_reads" ADD CONSTRAINT "refund_reads_opp_transaction_id_opp_transactions_id_fk" FOREIGN KEY ("opp_transaction_id") REFERENCES "public"."opp_transactions"("id") ON DELETE cascade ON UPDATE no action;
