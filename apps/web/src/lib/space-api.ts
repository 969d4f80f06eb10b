import { useQuery } from '@tanstack/react-query';
import { deleteSpaceResponseSchema, spaceResponseSchema } from '@mnemo/contracts/api/spaces';
import { api, isApiError, type ApiClient } from './api';

const at = (id: string) => encodeURIComponent(id);

export const spaceQueryKey = (spaceId: string) => ['space', spaceId] as const;

/** The study-space calls of spec 01 §7, answers wrapped in `data`. */
export function spaceCalls(client: ApiClient = api) {
  return {
    async get(spaceId: string, signal?: AbortSignal) {
      return (await client.get(`/spaces/${at(spaceId)}`, { signal, schema: spaceResponseSchema }))
        .data;
    },
    async rename(spaceId: string, title: string) {
      return (
        await client.put(`/spaces/${at(spaceId)}`, { title }, { schema: spaceResponseSchema })
      ).data;
    },
    async remove(spaceId: string) {
      return (
        await client.delete(`/spaces/${at(spaceId)}`, undefined, {
          schema: deleteSpaceResponseSchema,
        })
      ).data;
    },
  };
}

export const spaces = spaceCalls();

/** GET /spaces/:id. */
export function useSpace(spaceId: string) {
  return useQuery({
    queryKey: spaceQueryKey(spaceId),
    queryFn: ({ signal }) => spaces.get(spaceId, signal),
  });
}

/**
 * A space that does not exist or is not the caller's (404), or an id that is not one at all (400):
 * 'Study space not found'.
 */
export const isSpaceMissing = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);
