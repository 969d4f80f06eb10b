import type { RoutesPlugin } from '@mnemo/service-kit';
import type { RetrievalService } from './retrieval.service';

/** POST /chat/retrieve-context, /chat/enhance-query and /chat/check-vector-availability. */
export const retrievalRoutes: RoutesPlugin<{ service: RetrievalService }> = async (_app, _options) => {
  // Filled in by the retrieval work of issue 7.
};
