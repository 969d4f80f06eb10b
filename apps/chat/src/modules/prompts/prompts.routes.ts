import { contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { PromptsService } from './prompts.service';

/** POST /questions/conversation-prompts and /sources/conversation-prompts (the gateway routes them here). */
export const promptsRoutes: RoutesPlugin<{ service: PromptsService }> = async (app, { service }) => {
  app.post('/questions/conversation-prompts', { schema: contractSchema('POST /questions/conversation-prompts') }, async (request) => ({
    success: true as const,
    prompts: await service.forQuestion(requireOwner(request), request.body, request.log),
  }));
  app.post('/sources/conversation-prompts', { schema: contractSchema('POST /sources/conversation-prompts') }, async (request) => ({
    success: true as const,
    prompts: await service.forSource(requireOwner(request), request.body, request.log),
  }));
};
