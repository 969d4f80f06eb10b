import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session/session-context';

/** A space's deck as a list carries it: its id, or the deck itself. */
function deckIdOf(deck: unknown): string | null {
  if (typeof deck === 'string') return deck;
  if (
    typeof deck === 'object' &&
    deck !== null &&
    typeof (deck as { _id?: unknown })._id === 'string'
  ) {
    return (deck as { _id: string })._id;
  }
  return null;
}

/**
 * A study space as lists show it. Services answer `_id` (spec 01 §3); `id` is accepted too.
 * `decks` holds the space's deck ids: its length is the deck count the library shows.
 */
const spaceSchema = z
  .object({
    _id: z.string().optional(),
    id: z.string().optional(),
    title: z.string(),
    decks: z.array(z.unknown()).optional(),
  })
  .transform((s) => ({
    id: s._id ?? s.id ?? '',
    title: s.title,
    deckCount: s.decks?.length ?? 0,
    deckIds: (s.decks ?? []).map(deckIdOf).filter((id): id is string => id !== null),
  }))
  .refine((s) => s.id !== '', { message: 'space id missing' });

export type SpaceSummary = z.output<typeof spaceSchema>;

/** GET /spaces answers `{data: [...]}` (spec 01 §7). */
export const spacesResponseSchema = z.object({ data: z.array(spaceSchema) });

export const spacesQueryKey = ['spaces'] as const;

/** GET /spaces: the caller's study spaces (a guest's too). */
export async function fetchSpaces(signal?: AbortSignal): Promise<SpaceSummary[]> {
  return (await api.get('/spaces', { signal, schema: spacesResponseSchema })).data;
}

/** The signed-in user's study spaces; disabled for guests, who have no Spaces list. */
export function useSpaces() {
  const { session } = useSession();
  return useQuery({
    queryKey: spacesQueryKey,
    queryFn: ({ signal }) => fetchSpaces(signal),
    enabled: session.status === 'authenticated',
  });
}

/** The two-letter badge of a space in the sidebar. */
export function spaceInitials(title: string): string {
  return title.trim().slice(0, 2).toUpperCase();
}
