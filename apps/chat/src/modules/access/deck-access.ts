import { eq } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { decks } from '@mnemo/db/schema';
import { classMemberOf, deckRights } from '@mnemo/db/deck-access';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';

/**
 * What the caller may do with a deck (spec 02 §6; the rules live in `@mnemo/db/deck-access`), as
 * the chat service sees it. Chat reads the decks table (never writes it: the deck service owns it)
 * because every chat call is about one deck and a round trip to the deck service per message would
 * sit on the streaming path.
 *
 * - owner: edits, saves chats, sees server-stored history;
 * - viewer of a published deck or a member of the deck's class (issue 23): preview only, nothing
 *   stored on the server;
 * - anyone else: the deck does not exist for them (404, so ids cannot be probed).
 */
export type DeckAccess = {
  deckId: string;
  title: string;
  /** The deck's custom AI instructions (<= 2000 characters) or null. */
  systemPrompt: string | null;
  isPublished: boolean;
  isOwner: boolean;
  canEdit: boolean;
  canView: true;
};

export function createDeckAccess({ db }: { db: Db }) {
  return {
    /** The caller's access to the deck; NOT_FOUND when they may not view it. */
    async forDeck(owner: Owner, deckId: string): Promise<DeckAccess> {
      const [row] = await db
        .select({
          id: decks.id,
          title: decks.title,
          systemPrompt: decks.systemPrompt,
          isPublished: decks.isPublished,
          ownerUserId: decks.ownerUserId,
          ownerAnonId: decks.ownerAnonId,
          classMember: classMemberOf(owner),
        })
        .from(decks)
        .where(eq(decks.id, deckId));
      if (!row) throw new AppError('NOT_FOUND', 'Deck not found');
      const rights = deckRights(row, owner);
      if (!rights.canView) throw new AppError('NOT_FOUND', 'Deck not found');
      return {
        deckId: row.id,
        title: row.title,
        systemPrompt: row.systemPrompt,
        isPublished: row.isPublished,
        isOwner: rights.isOwner,
        canEdit: rights.canEdit,
        canView: true,
      };
    },
  };
}
export type DeckAccessChecker = ReturnType<typeof createDeckAccess>;
