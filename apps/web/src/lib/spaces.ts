import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session/session-context';

/** A study space as lists show it. Services answer `_id` (spec 01 §3); `id` is accepted too. */
const spaceSchema = z
  .object({ _id: z.string().optional(), id: z.string().optional(), title: z.string() })
  .transform((s) => ({ id: s._id ?? s.id ?? '', title: s.title }))
  .refine((s) => s.id !== '', { message: 'space id missing' });

export type SpaceSummary = z.output<typeof spaceSchema>;

/** GET /spaces answers `{data: [...]}` (spec 01 §7). */
export const spacesResponseSchema = z.object({ data: z.array(spaceSchema) });

export const spacesQueryKey = ['spaces'] as const;

/** The signed-in user's study spaces; disabled for guests, who have no Spaces list. */
export function useSpaces() {
  const { session } = useSession();
  return useQuery({
    queryKey: spacesQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/spaces', { signal, schema: spacesResponseSchema })).data,
    enabled: session.status === 'authenticated',
  });
}

/** The two-letter badge of a space in the sidebar. */
export function spaceInitials(title: string): string {
  return title.trim().slice(0, 2).toUpperCase();
}
