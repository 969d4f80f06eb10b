import type {
  GenerateQuestionsBody,
  GenerateQuestionsResponse,
} from '@mnemo/contracts/api/questions';
import type { PendingGeneration } from '../../lib/pending-generation';
import { EDIT_CARDS_MESSAGES } from './edit-cards-messages';
import type { GenerationJob } from './generation-watch';
import type { QuestionPage } from './question-paging';

export interface OpeningDeps {
  /** Removes and returns the pending request when it names this deck. */
  take: (deckId: string) => PendingGeneration | null;
  generate: (body: GenerateQuestionsBody) => Promise<GenerateQuestionsResponse>;
  loadFirstPage: () => Promise<QuestionPage>;
}

export type OpeningResult =
  | {
      kind: 'loaded';
      page: QuestionPage;
      /** The server queued the rest of the run: keep waiting (isGenerating) until it has ended. */
      stillGenerating: boolean;
      /** The queued run, whose status the screen watches; null when it already completed. */
      job: GenerationJob | null;
    }
  | { kind: 'failed'; message: string };

/** POST /questions/deck/{deckId}/generate {questionTypes, totalQuestions, focusInstructions}. */
export function pendingGenerationBody(request: PendingGeneration): GenerateQuestionsBody {
  return {
    questionTypes: request.questionTypes,
    totalQuestions: request.count,
    focusInstructions: request.focusInstructions,
  };
}

/**
 * The edit screen's opening with a pending generation request (spec 02 §4): when the stored request
 * names this deck it is removed, the generation runs, then page 1 is fetched. Null when there is
 * no request for this deck (the screen just loads its page).
 */
export function runPendingGeneration(
  deckId: string,
  deps: OpeningDeps,
): Promise<OpeningResult> | null {
  const request = deps.take(deckId);
  if (!request) return null;
  return (async (): Promise<OpeningResult> => {
    let answer: GenerateQuestionsResponse;
    const body = pendingGenerationBody(request);
    try {
      answer = await deps.generate(body);
    } catch {
      return { kind: 'failed', message: EDIT_CARDS_MESSAGES.generateFailed };
    }
    try {
      const page = await deps.loadFirstPage();
      const queued = answer.status === 'queued';
      return {
        kind: 'loaded',
        page,
        // A deck that already has questions waits for the new ones too: the run may still fail.
        stillGenerating: queued,
        job: queued ? { jobId: answer.jobId, body } : null,
      };
    } catch {
      return { kind: 'failed', message: EDIT_CARDS_MESSAGES.loadFailed };
    }
  })();
}
