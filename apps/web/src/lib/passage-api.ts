import { useQuery } from '@tanstack/react-query';
import { sourcePassageResponseSchema, type SourcePassageResponse } from '@mnemo/contracts/api/chat';
import { api, type ApiClient } from './api';

/** GET /chat/sources/:sourceId/passages/:chunkIndex: the passage a citation [n] links to (issue 21). */
export function passageCalls(client: ApiClient = api) {
  return {
    passage: (sourceId: string, chunkIndex: number) =>
      client.get(`/chat/sources/${sourceId}/passages/${chunkIndex}`, { schema: sourcePassageResponseSchema }),
  };
}
const passages = passageCalls();

export type SourcePassage = SourcePassageResponse['passage'];

/** One cited passage; passages do not change once a source is processed, so it is kept a while. */
export function usePassage(sourceId: string, chunkIndex: number) {
  return useQuery({
    queryKey: ['passage', sourceId, chunkIndex],
    queryFn: async () => (await passages.passage(sourceId, chunkIndex)).passage,
    staleTime: 10 * 60_000,
  });
}
