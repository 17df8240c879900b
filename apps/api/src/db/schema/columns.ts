import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column helpers: UUID primary keys and created/updated timestamps (field names of docs/product.md §3). */
export const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
export const created = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updated = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
