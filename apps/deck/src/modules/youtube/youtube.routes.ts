import { requireOwner, contractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import type { YoutubeService } from './youtube.service';

/** GET /youtube/search?q= (spec 01 §7): the creation page's video browser, for any session. */
export const youtubeRoutes: RoutesPlugin<{ service: YoutubeService }> = async (app, { service }) => {
  app.get('/youtube/search', { schema: contractSchema('GET /youtube/search') }, async (request) => {
    requireOwner(request);
    return service.search(request.query.q);
  });
};
