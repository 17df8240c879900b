-- Decision 057: a sent (or finally failed) mail keeps its address, subject, text, HTML and attachments
-- for SENT_MAIL_KEPT_DAYS; then the mail retention job blanks them and sets purged_at. The row stays,
-- with its dedupe key, status and times: the same cause still never mails twice.
ALTER TABLE "mail_outbox" ADD COLUMN "purged_at" timestamp with time zone;
--> statement-breakpoint
-- What the job reads: mails done with (not pending) and not purged yet, oldest first. A purged mail
-- leaves the index, so it stays as small as the mails of the retention period.
CREATE INDEX "mail_outbox_purge_idx" ON "mail_outbox" (coalesce("sent_at", "updated")) WHERE "purged_at" IS NULL AND "status" <> 'pending';
