import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Owner } from '@mnemo/contracts/jobs';

/** The owner of a row: a signed-in user or an anonymous session (the contracts' type, one definition). */
export type { Owner };

type Owned = { ownerUserId: PgColumn; ownerAnonId: PgColumn };

/** WHERE condition: the row belongs to this owner. */
export function ownedBy(table: Owned, owner: Owner): SQL {
  return owner.userId ? eq(table.ownerUserId, owner.userId) : eq(table.ownerAnonId, owner.anonId!);
}

/** Owner columns for an insert. */
export function ownerValues(owner: Owner): {
  ownerUserId: string | null;
  ownerAnonId: string | null;
} {
  return owner.userId
    ? { ownerUserId: owner.userId, ownerAnonId: null }
    : { ownerUserId: null, ownerAnonId: owner.anonId! };
}

/** Whether a row's owner columns name this owner. */
export function isOwner(
  row: { ownerUserId: string | null; ownerAnonId: string | null },
  owner: Owner,
): boolean {
  return owner.userId ? row.ownerUserId === owner.userId : row.ownerAnonId === owner.anonId;
}
