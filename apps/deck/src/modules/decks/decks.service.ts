import type { z } from 'zod';
import type {
  createDeckBodySchema,
  DeckResponse,
  ListDecksResponse,
  updateDeckBodySchema,
} from '@mnemo/contracts/api/decks';
import type { Deck } from '@mnemo/contracts/entities/deck';
import type { DbOrTx, Tx } from '@mnemo/db/client';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { Storage } from '@mnemo/storage';
import { presentSource } from '../sources/sources.presenter';
import { deckNotFound, type SourcesService } from '../sources/sources.service';
import type { DeckRemoval } from './deck-removal';
import { presentDeck } from './decks.presenter';
import type { DeckPatch, DeckRow, DeckScope, DecksRepository } from './decks.repository';
import { limitReached, lockOwnerLimits, type Caller, type LimitsOf } from './limits';

export type CreateDeckInput = z.output<typeof createDeckBodySchema>;
export type UpdateDeckInput = z.output<typeof updateDeckBodySchema>;

export const spaceNotFound = () => new AppError('NOT_FOUND', 'Study space not found');

/** Optional text that is blank means none. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/**
 * Which decks the decks-per-space limit counts for a deck going into `spaceId`. Decks outside any
 * space count as one group of their own. A guest may have one space, and their limit counts all
 * their decks together, so decks outside a space are not a second allowance (docs/decisions.md).
 */
const limitScope = (caller: Caller, spaceId: string | null): DeckScope =>
  caller.plan === 'anonymous' ? 'all' : { spaceId };

export function createDecksService({
  decks,
  sources,
  storage,
  limitsOf,
  removal,
}: {
  decks: DecksRepository;
  sources: Pick<SourcesService, 'addWithin'>;
  storage: Pick<Storage, 'downloadUrl'>;
  limitsOf: LimitsOf;
  removal: Pick<DeckRemoval, 'cleanUp'>;
}) {
  async function present(rows: DeckRow[], caller: Owner, { withContent, tx }: { withContent: boolean; tx?: DbOrTx }): Promise<Deck[]> {
    const contents = await decks.contentsOf(rows, { withContent, ...(tx ? { tx } : {}) });
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
  const presentOne = async (row: DeckRow, caller: Owner, options: { withContent: boolean; tx?: DbOrTx }) =>
    (await present([row], caller, options))[0]!;

  /** 402 when the scope the deck goes into already holds as many decks as the plan allows. */
  async function checkDeckLimit(tx: Tx, caller: Caller, scope: DeckScope): Promise<void> {
    const max = limitsOf(caller.plan).decksPerSpace;
    if (max === null) return;
    if ((await decks.countDecks(tx, caller.owner, scope)) >= max) throw limitReached('decksPerSpace', caller.plan, max);
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
      const rows = await decks.listOwned(owner, query.studySpace);
      return { success: true, data: await present(rows, owner, { withContent: false }) };
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
  };
}
export type DecksService = ReturnType<typeof createDecksService>;
