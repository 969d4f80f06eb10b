import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was inserted. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * When the row last changed. Drizzle sets it on every update it issues; raw SQL updates must set it
 * themselves (there is no trigger).
 */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
