import type { RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import { internalAnonymousUsageParamsSchema, type ChatAnonymousUsage } from '@mnemo/contracts/internal/anonymous-usage';
import type { MessageQuota } from '../access/message-quota';

/** Internal: a guest's chat messages today, for the auth service's anonymous-limits answer. */
export const guestsRoutes: RoutesPlugin<{ quota: Pick<MessageQuota, 'used'> }> = async (app, { quota }) => {
  app.get('/internal/anonymous-usage/:anonId', { schema: { params: internalAnonymousUsageParamsSchema } }, async (request) => {
    requireService(request.identity);
    const usage: ChatAnonymousUsage = { chatMessages: await quota.used(request.params.anonId.toLowerCase()) };
    return usage;
  });
};
