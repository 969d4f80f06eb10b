import type { z } from 'zod';
import type { createSpaceBodySchema, updateSpaceBodySchema } from '@mnemo/contracts/api/spaces';
import type { Space } from '@mnemo/contracts/entities/space';
import type { Tx } from '@mnemo/db/client';
import type { Owner } from '@mnemo/db/owner';
import type { DeckRemoval } from '../decks/deck-removal';
import type { DecksRepository } from '../decks/decks.repository';
import { spaceNotFound } from '../decks/decks.service';
import { limitReached, lockOwnerLimits, type Caller, type LimitsOf } from '../decks/limits';
import type { SpacePatch, SpacesRepository, SpaceWithDecks } from './spaces.repository';

export type CreateSpaceInput = z.output<typeof createSpaceBodySchema>;
export type UpdateSpaceInput = z.output<typeof updateSpaceBodySchema>;

/** What the API shows of a space: never the raw row (owner columns stay inside). */
export const presentSpace = (s: SpaceWithDecks): Space => ({
  _id: s.id,
  title: s.title,
  description: s.description,
  decks: s.deckIds,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export function createSpacesService({
  spaces,
  decks,
  removal,
  limitsOf,
}: {
  spaces: SpacesRepository;
  decks: Pick<DecksRepository, 'detachSources' | 'deleteDecks'>;
  removal: Pick<DeckRemoval, 'cleanUp'>;
  limitsOf: LimitsOf;
}) {
  return {
    list: async (owner: Owner) => (await spaces.listByOwner(owner)).map(presentSpace),

    get: async (owner: Owner, id: string) => {
      const space = await spaces.findOwned(owner, id);
      if (!space) throw spaceNotFound();
      return presentSpace(space);
    },

    /**
     * POST /spaces, within the plan's number of spaces (402 limitReached past it). `within` writes
     * what belongs with the new space in its transaction (a curriculum to split): if it throws,
     * no space is left.
     */
    async create(caller: Caller, input: CreateSpaceInput, within?: (tx: Tx, spaceId: string) => Promise<void>) {
      const space = await spaces.transaction(async (tx) => {
        await lockOwnerLimits(tx, caller.owner);
        const max = limitsOf(caller.plan).studySpaces;
        if (max !== null && (await spaces.countOwned(tx, caller.owner)) >= max) {
          throw limitReached('studySpaces', caller.plan, max);
        }
        const created = await spaces.create(tx, caller.owner, { title: input.title, description: input.description ?? '' });
        await within?.(tx, created.id);
        return created;
      });
      return presentSpace(space);
    },

    /** PUT /spaces/:id: renames or re-describes; fields not sent stay as they are. */
    async update(owner: Owner, id: string, input: UpdateSpaceInput) {
      const patch: SpacePatch = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      const space = Object.keys(patch).length ? await spaces.update(owner, id, patch) : await spaces.findOwned(owner, id);
      if (!space) throw spaceNotFound();
      return presentSpace(space);
    },

    /**
     * DELETE /spaces/:id deletes the space and its decks (the spec's 'Delete Space'; its decks are
     * not moved out), in one transaction; their stored files and queued jobs after the commit.
     * Answers the space as it was.
     */
    async remove(owner: Owner, id: string) {
      const { space, removed } = await spaces.transaction(async (tx) => {
        // The same lock deck creation takes: no deck lands in the space while it is being deleted.
        await lockOwnerLimits(tx, owner);
        const found = await spaces.findOwned(owner, id, tx);
        if (!found) throw spaceNotFound();
        const detached = await decks.detachSources(tx, { spaceId: id });
        await decks.deleteDecks(tx, { spaceId: id });
        await spaces.delete(tx, id);
        return { space: found, removed: detached };
      });
      await removal.cleanUp(removed);
      return presentSpace(space);
    },
  };
}
export type SpacesService = ReturnType<typeof createSpacesService>;
