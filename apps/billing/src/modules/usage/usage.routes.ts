import { AppError, type RoutesPlugin } from '@mnemo/service-kit';
import type { UsageService } from './usage.service';

export const usageRoutes: RoutesPlugin<{ service: UsageService }> = async (app, { service }) => {
  app.get('/payment/usage', async (request) => {
    // Payment calls need a signed-in user; the spec's client shows 'Authentication required'.
    if (request.identity.kind !== 'user') throw new AppError('UNAUTHENTICATED', 'Authentication required');
    return service.usageOf(request.identity.userId);
  });
};
