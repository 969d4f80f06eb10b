import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@mnemo/db/client';
import { anonymousSessions, authSessions, emailVerificationCodes, passwordResetTokens, users } from '@mnemo/db/schema';

export type UserRow = typeof users.$inferSelect;

export function createAccountsRepository({ db }: { db: Db }) {
  return {
    transaction: <T>(fn: (tx: DbOrTx) => Promise<T>) => db.transaction(fn),

    async findByEmail(email: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row ?? null;
    },
    async findById(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async findByGoogleSub(sub: string) {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
      return row ?? null;
    },
    async createUser(values: { email: string; firstName: string; passwordHash: string | null; googleSub?: string; emailVerifiedAt?: Date }, tx: DbOrTx = db) {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },
    async updateUser(id: string, values: Partial<Pick<UserRow, 'passwordHash' | 'emailVerifiedAt' | 'googleSub' | 'firstName'>>, tx: DbOrTx = db) {
      const [row] = await tx.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row!;
    },

    /** A new code replaces every earlier one: only the latest can be used. */
    async replaceVerificationCode(userId: string, codeHash: string, expiresAt: Date, tx: DbOrTx = db) {
      await tx
        .update(emailVerificationCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.consumedAt)));
      await tx.insert(emailVerificationCodes).values({ userId, codeHash, expiresAt });
    },
    async latestVerificationCode(userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(emailVerificationCodes)
        .where(eq(emailVerificationCodes.userId, userId))
        .orderBy(desc(emailVerificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },
    async countCodeAttempt(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .update(emailVerificationCodes)
        .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
        .where(eq(emailVerificationCodes.id, id))
        .returning();
      return row!;
    },
    async consumeCode(id: string, tx: DbOrTx = db) {
      await tx.update(emailVerificationCodes).set({ consumedAt: new Date() }).where(eq(emailVerificationCodes.id, id));
    },

    async createResetToken(userId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },
    async findResetToken(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row ?? null;
    },
    /** Marks the token used; false when another request used it first. */
    async useResetToken(id: string, tx: DbOrTx = db) {
      const rows = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      return rows.length === 1;
    },

    /** Ends every reset link of the user still open: a completed reset leaves none behind. */
    async endResetTokens(userId: string, tx: DbOrTx = db) {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    async createSession(userId: string, expiresAt: Date, userAgent: string | undefined, tx: DbOrTx = db) {
      const [row] = await tx.insert(authSessions).values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300) }).returning();
      return row!;
    },
    async findSession(id: string) {
      const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id));
      return row ?? null;
    },
    async revokeSession(id: string) {
      const [row] = await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, id)).returning();
      return row ?? null;
    },
    /** Ends every live session of a user; returns them so their tokens can be refused at once. */
    async revokeAllSessions(userId: string, tx: DbOrTx = db) {
      return tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())))
        .returning({ id: authSessions.id, expiresAt: authSessions.expiresAt });
    },

    /** Marks an anonymous session as claimed by a user; false when it was claimed already. */
    async claimAnonymous(anonId: string, userId: string) {
      await db.insert(anonymousSessions).values({ id: anonId }).onConflictDoNothing();
      const rows = await db
        .update(anonymousSessions)
        .set({ claimedByUserId: userId, claimedAt: new Date() })
        .where(and(eq(anonymousSessions.id, anonId), isNull(anonymousSessions.claimedByUserId)))
        .returning({ id: anonymousSessions.id });
      return rows.length === 1;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
