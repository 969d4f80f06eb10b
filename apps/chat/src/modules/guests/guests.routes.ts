import { internalContractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import type { MessageQuota } from '../access/message-quota';

/** Internal: a guest's chat messages today, for the auth service's anonymous-limits answer. */
export const guestsRoutes: RoutesPlugin<{ quota: Pick<MessageQuota, 'used'> }> = async (app, { quota }) => {
  app.get('/internal/anonymous-usage/:anonId', { schema: internalContractSchema('chat GET /internal/anonymous-usage/:anonId') }, async (request) => {
    requireService(request.identity);
    return { chatMessages: await quota.used(request.params.anonId.toLowerCase()) };
  });
};
