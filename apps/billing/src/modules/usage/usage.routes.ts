import { INTERNAL_USAGE_CHECK_PATH, INTERNAL_USAGE_RECORD_PATH } from '@mnemo/contracts/internal/billing';
import { contractSchema, internalContractSchema, requireUser, type RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UsageService } from './usage.service';

/** Usage calls of spec 01 §7, and the internal API the gateway, deck service and worker use. */
export const usageRoutes: RoutesPlugin<{ service: UsageService; subscriptions: Pick<SubscriptionsService, 'stateOf'> }> = async (
  app,
  { service, subscriptions },
) => {
  // Payment calls need a signed-in user; the spec's client shows 'Authentication required'.
  app.get('/payment/usage', { schema: contractSchema('GET /payment/usage') }, async (request) =>
    service.usageOf(requireUser(request).userId),
  );

  app.post('/payment/check-usage-limit', { schema: contractSchema('POST /payment/check-usage-limit') }, async (request) =>
    service.checkLimit(requireUser(request).userId, request.body.contentSizeMB),
  );

  app.get('/internal/billing/plan/:userId', { schema: internalContractSchema('billing GET /internal/billing/plan/:userId') }, async (request) => {
    requireService(request.identity);
    const state = await subscriptions.stateOf(request.params.userId);
    return { plan: state.plan, subscriptionStatus: state.status };
  });

  app.post(INTERNAL_USAGE_CHECK_PATH, { schema: internalContractSchema('billing POST /internal/billing/usage/check') }, async (request) => {
    requireService(request.identity);
    return service.check(request.body.owner, request.body.bytes);
  });

  app.post(INTERNAL_USAGE_RECORD_PATH, { schema: internalContractSchema('billing POST /internal/billing/usage/record') }, async (request) => {
    requireService(request.identity);
    const { owner, ...input } = request.body;
    return service.record(owner, input);
  });
};
