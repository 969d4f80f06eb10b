import { AppError } from '@mnemo/service-kit';
import type { Owner } from '@mnemo/db/owner';
import type { SpacesRepository, SpaceWithDecks } from './spaces.repository';

/** What the API shows of a space: never the raw row (owner columns stay inside). */
export const presentSpace = (s: SpaceWithDecks) => ({
  _id: s.id,
  title: s.title,
  description: s.description ?? '',
  decks: s.deckIds,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export function createSpacesService({ spaces }: { spaces: Pick<SpacesRepository, 'listByOwner' | 'findOwned' | 'create'> }) {
  return {
    list: async (owner: Owner) => (await spaces.listByOwner(owner)).map(presentSpace),
    get: async (owner: Owner, id: string) => {
      const space = await spaces.findOwned(owner, id);
      // Someone else's space looks exactly like a missing one.
      if (!space) throw new AppError('NOT_FOUND', 'Study space not found');
      return presentSpace(space);
    },
    create: async (owner: Owner, input: { title: string; description?: string | undefined }) =>
      presentSpace(await spaces.create(owner, { title: input.title.trim(), description: input.description?.trim() ?? '' })),
  };
}
export type SpacesService = ReturnType<typeof createSpacesService>;
