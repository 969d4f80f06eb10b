import { contractSchema, requireUser, type RoutesPlugin } from '@mnemo/service-kit';
import { callerOf } from '../decks/limits';
import type { CurriculumService } from './curriculum.service';

/**
 * Curriculum to space (issue 23): a signed-in teacher's document becomes a space with a deck per
 * unit. 202: the decks come from the worker's split; the status call follows it.
 */
export const curriculumRoutes: RoutesPlugin<{ curriculum: CurriculumService }> = async (app, { curriculum }) => {
  app.post('/classes/curriculum', { schema: contractSchema('POST /classes/curriculum') }, async (request, reply) => {
    requireUser(request);
    const answer = await curriculum.start(callerOf(request), request.body);
    reply.status(202);
    return answer;
  });

  app.get('/classes/curriculum/:spaceId', { schema: contractSchema('GET /classes/curriculum/:spaceId') }, async (request) => {
    const { userId } = requireUser(request);
    return curriculum.status({ userId }, request.params.spaceId);
  });
};
