-- Issue 36.7: a monthly tip whose mandate answers a status word we do not know is held for a person;
-- its incident names the provider's word.
ALTER TABLE "payment_incidents" ADD COLUMN "provider_status" text;
