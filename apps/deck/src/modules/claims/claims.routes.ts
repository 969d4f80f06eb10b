import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { REVIEW_SETTINGS_DEFAULTS } from '@mnemo/contracts/api/review';
import { classMembers, decks, reviewCards, reviewDays, reviewLogs, reviewSettings, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { internalContractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import { createReviewRepository, recountAllDays } from '../review/review.repository';
import { rebuild } from '../review/scheduler';

/**
 * Internal: when an anonymous visitor signs up or in, the auth service asks for their spaces and
 * decks to move to the account. One transaction, so a visitor never ends up with half of them.
 * After it commits, sources the guest was watching being processed are handed to the account
 * (`onClaimed`), so their progress stream and status answer the new owner.
 */
export const claimsRoutes: RoutesPlugin<{
  db: Db;
  onClaimed: (claim: { anonId: string; userId: string; sourceIds: string[] }) => Promise<unknown>;
}> = async (app, { db, onClaimed }) => {
  const reviews = createReviewRepository({ db });
  app.post(
    '/internal/claim-anonymous',
    { schema: internalContractSchema('deck POST /internal/claim-anonymous') },
    async (request) => {
      requireService(request.identity);
      const { anonId, userId } = request.body;
      const moved = await db.transaction(async (tx) => {
        const spaces = await tx
          .update(studySpaces)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(studySpaces.ownerAnonId, anonId), isNull(studySpaces.ownerUserId)))
          .returning({ id: studySpaces.id });
        const movedDecks = await tx
          .update(decks)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(decks.ownerAnonId, anonId), isNull(decks.ownerUserId)))
          .returning({ id: decks.id });
        // Files uploaded but not yet added to a deck go along, so they can still be added.
        await tx
          .update(uploads)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(uploads.ownerAnonId, anonId), isNull(uploads.ownerUserId)));
        // The guest's review history and schedule go with their decks (issue 20). Settings move
        // unless the account has its own, which win.
        // A question both have a card of (a class deck the account studies too, issue 23): one
        // card a learner and question, so the guest's goes and the account's is rebuilt below from
        // the two logs joined, as if one learner had given every answer (which they did).
        const shared = await tx
          .delete(reviewCards)
          .where(
            and(
              eq(reviewCards.ownerAnonId, anonId),
              sql`${reviewCards.questionId} in (select question_id from review_cards where owner_user_id = ${userId})`,
            ),
          )
          .returning({ questionId: reviewCards.questionId, createdAt: reviewCards.createdAt });
        for (const table of [reviewCards, reviewLogs]) {
          await tx
            .update(table)
            .set({ ownerUserId: userId, ownerAnonId: null })
            .where(and(eq(table.ownerAnonId, anonId), isNull(table.ownerUserId)));
        }
        for (const { questionId, createdAt } of shared) {
          const log = await reviews.reviews({ userId }, questionId, tx);
          const card = rebuild(log);
          if (!card) continue;
          await tx
            .update(reviewCards)
            // The card was first answered when the earlier of the two was (the daily new-card count reads it).
            .set({ ...card, lastRating: log[log.length - 1]!.rating, createdAt: sql`least(${reviewCards.createdAt}, ${createdAt.toISOString()}::timestamptz)` })
            .where(and(eq(reviewCards.ownerUserId, userId), eq(reviewCards.questionId, questionId)));
        }
        const [accountSettings] = await tx.select({ id: reviewSettings.id }).from(reviewSettings).where(eq(reviewSettings.ownerUserId, userId));
        if (accountSettings) await tx.delete(reviewSettings).where(eq(reviewSettings.ownerAnonId, anonId));
        else await tx.update(reviewSettings).set({ ownerUserId: userId, ownerAnonId: null }).where(eq(reviewSettings.ownerAnonId, anonId));
        // The day summaries are recounted from the joined log, in the days of the settings that won.
        await tx.delete(reviewDays).where(eq(reviewDays.ownerAnonId, anonId));
        const [settings] = await tx.select({ timeZone: reviewSettings.timeZone }).from(reviewSettings).where(eq(reviewSettings.ownerUserId, userId));
        await recountAllDays(tx, { userId }, settings?.timeZone ?? REVIEW_SETTINGS_DEFAULTS.timeZone);
        // Class memberships go too (issue 23), under the name the guest chose. A class the account
        // joined already keeps the account's membership; the guest's progress in it moved above.
        await tx.delete(classMembers).where(
          and(
            eq(classMembers.ownerAnonId, anonId),
            sql`${classMembers.classId} in (select class_id from class_members where owner_user_id = ${userId})`,
          ),
        );
        await tx
          .update(classMembers)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(classMembers.ownerAnonId, anonId), isNull(classMembers.ownerUserId)));
        const movedSources =
          movedDecks.length === 0
            ? []
            : await tx
                .select({ id: sources.id })
                .from(sources)
                .where(inArray(sources.deckId, movedDecks.map((d) => d.id)));
        return { spaces: spaces.length, decks: movedDecks.length, sourceIds: movedSources.map((s) => s.id) };
      });
      // The decks are the account's either way; a failed hand-over only means the account's first
      // look at an in-flight source goes through the gateway's ownership check instead.
      await onClaimed({ anonId, userId, sourceIds: moved.sourceIds }).catch((err: unknown) =>
        request.log.warn({ err }, 'could not hand processing sources over to the account'),
      );
      return { success: true as const, moved: { spaces: moved.spaces, decks: moved.decks } };
    },
  );
};
