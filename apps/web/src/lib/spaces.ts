import { useQuery } from '@tanstack/react-query';
import { listSpacesResponseSchema } from '@mnemo/contracts/api/spaces';
import type { Space } from '@mnemo/contracts/entities/space';
import { api, type ApiClient } from './api';
import { useSession } from './session/session-context';

export const spacesQueryKey = ['spaces'] as const;

/**
 * GET /spaces: the caller's study spaces (a guest's too), read with the contract's schema: each
 * space's `_id`, and `decks` holding its deck ids (their count is the number the library shows).
 */
export async function fetchSpaces(signal?: AbortSignal, client: ApiClient = api): Promise<Space[]> {
  return (await client.get('/spaces', { signal, schema: listSpacesResponseSchema })).data;
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
