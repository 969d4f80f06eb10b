import { sql, type SQL } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Owner columns for every owned row: a user or an anonymous session, never both (a CHECK in each
 * table). owner_anon_id deliberately has NO foreign key: the auth service owns anonymous_sessions
 * and the deck service must not depend on a row it cannot write. Claiming a session on sign-up
 * moves these rows to the user in one transaction.
 */
export const ownerColumns = () => ({
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  ownerAnonId: uuid('owner_anon_id'),
});

/** CHECK body: exactly one of the two owner columns is set. */
export const exactlyOneOwner = (t: { ownerUserId: unknown; ownerAnonId: unknown }): SQL =>
  sql`(${t.ownerUserId} is null) <> (${t.ownerAnonId} is null)`;
