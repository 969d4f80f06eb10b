import { internalContractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import type { GuestsRepository } from './guests.repository';

/** Internal: what a guest has made here, for the auth service's anonymous-limits answer. */
export const guestsRoutes: RoutesPlugin<{ guests: Pick<GuestsRepository, 'usage'> }> = async (app, { guests }) => {
  app.get(
    '/internal/anonymous-usage/:anonId',
    { schema: internalContractSchema('deck GET /internal/anonymous-usage/:anonId') },
    async (request) => {
      requireService(request.identity);
      return guests.usage(request.params.anonId.toLowerCase());
    },
  );
};
