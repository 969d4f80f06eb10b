import { contractSchema, requireUser, type RoutesPlugin } from '@mnemo/service-kit';
import type { DemoBilling } from './demo.service';

/** The demo checkout and portal's calls; registered only when Stripe is not configured (404 otherwise). */
export const demoRoutes: RoutesPlugin<{ demo: DemoBilling }> = async (app, { demo }) => {
  app.get('/payment/demo/checkout/:sessionId', { schema: contractSchema('GET /payment/demo/checkout/:sessionId') }, async (request) =>
    demo.session(requireUser(request).userId, request.params.sessionId),
  );

  app.post('/payment/demo/checkout/:sessionId/complete', { schema: contractSchema('POST /payment/demo/checkout/:sessionId/complete') }, async (request) =>
    demo.complete(requireUser(request).userId, request.params.sessionId),
  );

  app.get('/payment/demo/subscription', { schema: contractSchema('GET /payment/demo/subscription') }, async (request) =>
    demo.subscription(requireUser(request).userId),
  );

  app.post('/payment/demo/subscription/cancel', { schema: contractSchema('POST /payment/demo/subscription/cancel') }, async (request) =>
    demo.cancel(requireUser(request).userId),
  );
};
