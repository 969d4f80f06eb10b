import type { z } from 'zod';
import type {
  cloneDeckBodySchema,
  createDeckBodySchema,
  DeckResponse,
  DiscardFailedCreationBody,
  DiscardFailedCreationResponse,
  ListDecksResponse,
  publishDeckBodySchema,
  PublishDeckResponse,
  updateDeckBodySchema,
} from '@mnemo/contracts/api/decks';
import type { Deck } from '@mnemo/contracts/entities/deck';
import type { DbOrTx, Tx } from '@mnemo/db/client';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import { StorageError, type Storage } from '@mnemo/storage';
import type { FastifyBaseLogger } from 'fastify';
import { presentSource } from '../sources/sources.presenter';
import { deckNotFound, type SourcesService } from '../sources/sources.service';
import type { CloneRepository, DocumentCopy } from './clone.repository';
import type { DeckRemoval } from './deck-removal';
import { presentDeck } from './decks.presenter';
import type { DeckContents, DeckPatch, DeckRow, DeckScope, DecksRepository } from './decks.repository';
import { cardLimitReached, checkDeckCount, limitScope, lockOwnerLimits, type Caller, type LimitsOf } from './limits';

export type CreateDeckInput = z.output<typeof createDeckBodySchema>;
export type UpdateDeckInput = z.output<typeof updateDeckBodySchema>;
export type PublishDeckInput = z.output<typeof publishDeckBodySchema>;
export type CloneDeckInput = z.output<typeof cloneDeckBodySchema>;

export const spaceNotFound = () => new AppError('NOT_FOUND', 'Study space not found');

/** Optional text that is blank means none. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value : null);

export function createDecksService({
  decks,
  sources,
  storage,
  limitsOf,
  removal,
  clones,
  log,
}: {
  decks: DecksRepository;
  sources: Pick<SourcesService, 'addWithin' | 'precheck'>;
  storage: Pick<Storage, 'downloadUrl' | 'copy' | 'delete'>;
  limitsOf: LimitsOf;
  removal: Pick<DeckRemoval, 'cleanUp'>;
  clones: CloneRepository;
  log: FastifyBaseLogger;
}) {
  async function present(
    rows: Array<DeckRow & { classMember?: boolean }>,
    caller: Owner,
    { withContent, tx, contents: read }: { withContent: boolean; tx?: DbOrTx; contents?: DeckContents },
  ): Promise<Deck[]> {
    const contents = read ?? (await decks.contentsOf(rows, { withContent, ...(tx ? { tx } : {}) }));
    return Promise.all(
      rows.map(async (row) =>
        presentDeck(row, {
          caller,
          sources: await Promise.all((contents.sources.get(row.id) ?? []).map((s) => presentSource(s, { storage, withContent }))),
          cardIds: contents.cardIds.get(row.id) ?? [],
          ownerFirstName: row.ownerUserId ? (contents.names.get(row.ownerUserId) ?? null) : null,
        }),
      ),
    );
  }
  const presentOne = async (row: DeckRow & { classMember?: boolean }, caller: Owner, options: { withContent: boolean; tx?: DbOrTx }) =>
    (await present([row], caller, options))[0]!;

  /** 402 when the scope the deck goes into already holds as many decks as the plan allows. */
  async function checkDeckLimit(tx: Tx, caller: Caller, scope: DeckScope): Promise<void> {
    await checkDeckCount(tx, { decks, limitsOf }, caller, scope);
  }

  async function requireOwnSpace(owner: Owner, spaceId: string, tx?: Tx): Promise<void> {
    // Someone else's space looks exactly like a missing one.
    if (!(await decks.ownsSpace(owner, spaceId, tx))) throw spaceNotFound();
  }

  return {
    /**
     * POST /decks: a deck in the caller's space (or none), with its sources added pending through
     * the sources service's rules, all in one transaction: a refused source or a reached limit
     * leaves nothing behind.
     */
    async create(caller: Caller, input: CreateDeckInput): Promise<DeckResponse> {
      for (const source of input.sources ?? []) await sources.precheck(source);
      const row = await decks.transaction(async (tx) => {
        await lockOwnerLimits(tx, caller.owner);
        const spaceId = input.studySpace ?? null;
        if (spaceId) await requireOwnSpace(caller.owner, spaceId, tx);
        await checkDeckLimit(tx, caller, limitScope(caller, spaceId));
        const deck = await decks.insert(tx, caller.owner, {
          title: input.title,
          description: input.description ?? '',
          focusInstructions: textOrNull(input.focusInstructions),
          studySpaceId: spaceId,
          length: input.length ?? null,
          questionTypes: input.questionTypes ? [...new Set(input.questionTypes)] : null,
        });
        for (const source of input.sources ?? []) await sources.addWithin(tx, caller.owner, deck.id, source);
        return deck;
      });
      return { success: true, ...(await presentOne(row, caller.owner, { withContent: false })) };
    },

    /** GET /decks: the caller's decks, newest first, optionally those of one of their spaces. */
    async list(owner: Owner, query: { studySpace?: string | undefined }): Promise<ListDecksResponse> {
      if (query.studySpace) await requireOwnSpace(owner, query.studySpace);
      const { rows, contents } = await decks.listOwnedWithContents(owner, query.studySpace);
      return { success: true, data: await present(rows, owner, { withContent: false, contents }) };
    },

    /**
     * GET /decks/:id: the whole deck with its sources' text. The owner's, or anyone's published
     * deck (read-only for them); anything else is 404.
     */
    async get(owner: Owner, id: string): Promise<DeckResponse> {
      const row = await decks.findReadable(owner, id);
      if (!row) throw deckNotFound();
      return { success: true, ...(await presentOne(row, owner, { withContent: true })) };
    },

    /**
     * PUT /decks/:id: changes only the fields sent. Moving to another space needs the space to be
     * the caller's and to have room under the plan's limit.
     */
    async update(caller: Caller, id: string, input: UpdateDeckInput): Promise<DeckResponse> {
      const row = await decks.transaction(async (tx) => {
        const moving = input.studySpace !== undefined;
        if (moving) await lockOwnerLimits(tx, caller.owner);
        const current = await decks.lockOwned(tx, caller.owner, id);
        if (!current) throw deckNotFound();
        const patch: DeckPatch = {};
        if (input.title !== undefined) patch.title = input.title;
        if (input.description !== undefined) patch.description = input.description;
        if (input.systemPrompt !== undefined) patch.systemPrompt = textOrNull(input.systemPrompt);
        if (input.focusInstructions !== undefined) patch.focusInstructions = textOrNull(input.focusInstructions);
        const target = input.studySpace ?? null;
        if (moving && target !== current.studySpaceId) {
          if (target) await requireOwnSpace(caller.owner, target, tx);
          const scope = limitScope(caller, target);
          // A guest's limit counts all their decks: moving one does not change the count.
          if (scope !== 'all') await checkDeckLimit(tx, caller, scope);
          patch.studySpaceId = target;
        }
        return Object.keys(patch).length ? decks.update(tx, id, patch) : current;
      });
      return { success: true, ...(await presentOne(row, caller.owner, { withContent: true })) };
    },

    /**
     * PUT /decks/:id/publish (spec 02 §4): the owner publishes (optionally anonymously) or
     * unpublishes. Becoming published stamps `publishedAt` (a re-publish after an unpublish is
     * newly published); changing only the anonymous flag keeps the date; unpublishing clears both.
     * A viewer of someone else's published deck is told 403 (they can see the deck, so 404 would
     * be a lie, as with its size); any other deck is 404. An empty deck (no source, no card) is
     * refused: it would show nothing in Explore (docs/decisions.md).
     */
    async publish(caller: Caller, id: string, input: PublishDeckInput): Promise<PublishDeckResponse> {
      const row = await decks.transaction(async (tx) => {
        const current = await decks.lockOwned(tx, caller.owner, id);
        if (!current) {
          if (await decks.findReadable(caller.owner, id, tx)) {
            throw new AppError('FORBIDDEN', 'Only the owner of this deck can publish or unpublish it. Clone the deck to publish your own copy.');
          }
          throw deckNotFound();
        }
        if (!input.isPublished) {
          if (!current.isPublished && !current.publishedAnonymously) return current;
          return decks.update(tx, id, { isPublished: false, publishedAnonymously: false, publishedAt: null });
        }
        if (!current.isPublished && (await decks.isEmpty(tx, id))) {
          throw new AppError('BAD_REQUEST', 'This deck has no sources or cards yet. Add some before publishing it.');
        }
        return decks.update(tx, id, {
          isPublished: true,
          publishedAnonymously: input.publishedAnonymously,
          publishedAt: current.isPublished && current.publishedAt ? current.publishedAt : new Date(),
        });
      });
      return { success: true, deck: await presentOne(row, caller.owner, { withContent: true }) };
    },

    /**
     * POST /decks/:id/clone (spec 01 §4.3): a private copy of a deck the caller may view, in one of
     * their spaces (or none), within their plan's limits, in one transaction with the copies of its
     * document files. Nothing is processed again and nothing is queued: the copy has the original's
     * text, summaries, chunks with vectors, questions and cards. Chats are not copied. Refused with
     * 409 while a source of the original is still being processed (docs/decisions.md).
     */
    async clone(caller: Caller, id: string, input: CloneDeckInput): Promise<DeckResponse> {
      const copied: DocumentCopy[] = [];
      // Every file copied so far, recorded as soon as it exists, for the clean-up on failure.
      const copiedRefs: string[] = [];
      let row: DeckRow;
      try {
        row = await clones.transaction(async (tx) => {
          await lockOwnerLimits(tx, caller.owner);
          const original = await clones.lockViewable(tx, caller.owner, id);
          if (!original) throw deckNotFound();
          const spaceId = input.studySpace ?? null;
          if (spaceId) await requireOwnSpace(caller.owner, spaceId, tx);
          await checkDeckLimit(tx, caller, limitScope(caller, spaceId));
          const check = await clones.copyCheck(tx, original.id);
          if (check.inFlight > 0) {
            throw new AppError('CONFLICT', 'This deck is still being processed. Please try again when its sources are ready.');
          }
          const maxCards = limitsOf(caller.plan).cardsPerDeck;
          if (maxCards !== null && check.cards > maxCards) throw cardLimitReached(caller, check.cards, maxCards);
          const documents = await clones.documentSources(tx, original.id);
          const withNames: (DocumentCopy & { originalFilename: string | null })[] = [];
          for (const doc of documents) {
            let stored;
            try {
              stored = await storage.copy(doc.storageRef!);
            } catch (err) {
              // A file already gone: the copy keeps the source's text and chunks, without the file.
              if (err instanceof StorageError && err.reason === 'not-found') continue;
              throw err;
            }
            copiedRefs.push(stored.storageRef);
            const copy = { sourceId: doc.id, ...stored, downloadUrl: await storage.downloadUrl(stored.storageRef) };
            copied.push(copy);
            withNames.push({ ...copy, originalFilename: doc.originalFilename });
          }
          const deck = await clones.copyDeck(tx, { original, owner: caller.owner, spaceId, documents: copied });
          await clones.recordUploads(tx, caller.owner, deck.id, withNames);
          return deck;
        });
      } catch (err) {
        // Nothing was committed: the copied files belong to no source.
        for (const storageRef of copiedRefs) {
          await storage.delete(storageRef).catch((e: unknown) => log.warn({ err: e, storageRef }, 'could not delete the file of a failed clone'));
        }
        throw err;
      }
      // Committed: from here on the files are the copy's, whatever happens to this answer.
      return { success: true, ...(await presentOne(row, caller.owner, { withContent: false })) };
    },

    /**
     * DELETE /decks/:id: the deck with its sources, chunks, questions, cards and chats; the stored
     * files and queued jobs after the commit. Answers the deck as it was.
     */
    async remove(owner: Owner, id: string): Promise<DeckResponse> {
      const { deck, removed } = await decks.transaction(async (tx) => {
        const row = await decks.lockOwned(tx, owner, id);
        if (!row) throw deckNotFound();
        const before = await presentOne(row, owner, { withContent: false, tx });
        const detached = await decks.detachSources(tx, { deckIds: [id] });
        await decks.deleteDecks(tx, { deckIds: [id] });
        return { deck: before, removed: detached };
      });
      await removal.cleanUp(removed);
      return { success: true, ...deck };
    },

    /**
     * POST /decks/:id/discard-failed-creation (issue 18.3): a Create Cards attempt whose every
     * source failed leaves nothing behind: not an empty deck counting toward the plan's limit, nor
     * the space the attempt made. Only such a deck goes (checked under the deck's lock, so a source
     * added or a question made meanwhile keeps it): 409 otherwise. The space goes only when the
     * page says the attempt made it and no other deck is in it.
     */
    async discardFailedCreation(owner: Owner, id: string, input: DiscardFailedCreationBody): Promise<DiscardFailedCreationResponse> {
      const { removed, removedSpace } = await decks.transaction(async (tx) => {
        const row = await decks.lockOwned(tx, owner, id);
        if (!row) throw deckNotFound();
        if (!(await decks.isFailedCreation(tx, id))) {
          throw new AppError('CONFLICT', 'This deck has cards or sources that did not fail, so it is kept.');
        }
        const detached = await decks.detachSources(tx, { deckIds: [id] });
        await decks.deleteDecks(tx, { deckIds: [id] });
        const spaceGone =
          input.removeSpace === true && row.studySpaceId !== null ? await decks.deleteSpaceIfEmpty(tx, owner, row.studySpaceId) : false;
        return { removed: detached, removedSpace: spaceGone };
      });
      await removal.cleanUp(removed);
      log.info({ deckId: id, removedSpace }, 'discarded the deck of a failed creation');
      return { success: true, removedSpace };
    },
  };
}
export type DecksService = ReturnType<typeof createDecksService>;
