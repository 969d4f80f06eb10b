import { describe, expect, it, vi } from 'vitest';
import type {
  GenerateQuestionsBody,
  GenerateQuestionsResponse,
} from '@mnemo/contracts/api/questions';
import { savePendingGeneration, takePendingGeneration } from '../../lib/pending-generation';
import { LOCAL_KEYS } from '../../lib/storage-keys';
import { memoryStorage } from '../../lib/test-fakes';
import { runPendingGeneration, type OpeningDeps } from './edit-cards-opening';
import type { QuestionPage } from './question-paging';

const DECK = '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01';
const OTHER = '5d1c0a8e-0000-4000-8000-000000000001';

const page = (count: number): QuestionPage => ({
  questions: Array.from({ length: count }, () => ({}) as QuestionPage['questions'][number]),
  total: count,
  pages: count > 0 ? 1 : 0,
});

function setup(
  stored: { deckId: string } | null,
  answers: {
    generate?: () => Promise<GenerateQuestionsResponse>;
    page?: () => Promise<QuestionPage>;
  } = {},
) {
  const storage = memoryStorage();
  if (stored) {
    savePendingGeneration(
      {
        deckId: stored.deckId,
        count: 20,
        questionTypes: ['multiple_choice', 'free_response'],
        focusInstructions: 'Chapter 2 only',
      },
      storage,
    );
  }
  const order: string[] = [];
  const generate = vi.fn(async (body: GenerateQuestionsBody) => {
    order.push(`generate (stored: ${storage.data.has(LOCAL_KEYS.pendingCardGeneration)})`);
    void body;
    return answers.generate
      ? answers.generate()
      : { success: true as const, status: 'completed' as const, jobId: 'j1', questions: [] };
  });
  const loadFirstPage = vi.fn(async () => {
    order.push('page 1');
    return answers.page ? answers.page() : page(3);
  });
  const deps: OpeningDeps = {
    take: (deckId) => takePendingGeneration(deckId, storage),
    generate,
    loadFirstPage,
  };
  return { storage, deps, generate, loadFirstPage, order };
}

describe('opening the edit screen with a pending generation request', () => {
  it('removes the request, generates with its settings, then fetches page 1', async () => {
    const { storage, deps, generate, order } = setup({ deckId: DECK });
    const run = runPendingGeneration(DECK, deps);
    expect(run).not.toBeNull();
    expect(storage.data.has(LOCAL_KEYS.pendingCardGeneration)).toBe(false);
    await expect(run).resolves.toEqual({
      kind: 'loaded',
      page: page(3),
      stillGenerating: false,
      job: null,
    });
    expect(generate).toHaveBeenCalledWith({
      questionTypes: ['multiple_choice', 'free_response'],
      totalQuestions: 20,
      focusInstructions: 'Chapter 2 only',
    });
    expect(order).toEqual(['generate (stored: false)', 'page 1']);
  });

  it('does nothing for another deck, and leaves its request for it', () => {
    const { storage, deps, generate } = setup({ deckId: OTHER });
    expect(runPendingGeneration(DECK, deps)).toBeNull();
    expect(storage.data.has(LOCAL_KEYS.pendingCardGeneration)).toBe(true);
    expect(generate).not.toHaveBeenCalled();
  });

  it('does nothing without a request', () => {
    const { deps, loadFirstPage } = setup(null);
    expect(runPendingGeneration(DECK, deps)).toBeNull();
    expect(loadFirstPage).not.toHaveBeenCalled();
  });

  it("says 'Failed to generate questions. Please try again.' when generation fails", async () => {
    const { storage, deps, loadFirstPage } = setup(
      { deckId: DECK },
      { generate: () => Promise.reject(new Error('503')) },
    );
    await expect(runPendingGeneration(DECK, deps)).resolves.toEqual({
      kind: 'failed',
      message: 'Failed to generate questions. Please try again.',
    });
    expect(loadFirstPage).not.toHaveBeenCalled();
    // Removed before the run: a reload does not generate a second time.
    expect(storage.data.has(LOCAL_KEYS.pendingCardGeneration)).toBe(false);
  });

  it("says 'Failed to load questions. Please try again later.' when page 1 fails", async () => {
    const { deps } = setup({ deckId: DECK }, { page: () => Promise.reject(new Error('500')) });
    await expect(runPendingGeneration(DECK, deps)).resolves.toEqual({
      kind: 'failed',
      message: 'Failed to load questions. Please try again later.',
    });
  });

  it('keeps waiting (isGenerating) for the queued run, carrying its job and request', async () => {
    const queued = async () => ({
      success: true as const,
      status: 'queued' as const,
      jobId: 'j2',
      questions: [],
    });
    const job = {
      jobId: 'j2',
      body: {
        questionTypes: ['multiple_choice', 'free_response'],
        totalQuestions: 20,
        focusInstructions: 'Chapter 2 only',
      },
    };
    const empty = setup({ deckId: DECK }, { generate: queued, page: async () => page(0) });
    await expect(runPendingGeneration(DECK, empty.deps)).resolves.toMatchObject({
      kind: 'loaded',
      stillGenerating: true,
      job,
    });
    // Questions already in the deck do not end the wait: the new run may still fail.
    const some = setup({ deckId: DECK }, { generate: queued, page: async () => page(2) });
    await expect(runPendingGeneration(DECK, some.deps)).resolves.toMatchObject({
      stillGenerating: true,
      job,
    });
  });
});
