import { questionPromptsBodySchema, sourcePromptsBodySchema } from '@mnemo/contracts/api/prompts';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { PromptsService } from './prompts.service';

/** POST /questions/conversation-prompts and /sources/conversation-prompts (the gateway routes them here). */
export const promptsRoutes: RoutesPlugin<{ service: PromptsService }> = async (app, { service }) => {
  app.post('/questions/conversation-prompts', { schema: { body: questionPromptsBodySchema } }, async (request) => ({
    success: true,
    prompts: await service.forQuestion(requireOwner(request), request.body, request.log),
  }));
  app.post('/sources/conversation-prompts', { schema: { body: sourcePromptsBodySchema } }, async (request) => ({
    success: true,
    prompts: await service.forSource(requireOwner(request), request.body, request.log),
  }));
};
