import { expect, type APIRequestContext } from '@playwright/test';
import { signedUp } from './api-account';
import { FIXTURE_ARTICLE_URL } from './fixture-site';

// A deck made the way a learner makes one, through the API: the fixture article added as a link,
// processed by the worker, then questions of both types generated from it. Shared by the specs
// that study a real deck (the fixture site must be serving: serveFixtureArticle).

export interface DeckQuestion {
  _id: string;
  question: string;
  questionType: string;
  options: string[];
  correctAnswerIndex: number | null;
  correctAnswerText: string | null;
  expectedAnswer: string | null;
}

export interface Studied {
  token: string;
  deckId: string;
  sourceTitle: string;
}

export async function allQuestions(
  request: APIRequestContext,
  deckId: string,
  token: string,
): Promise<DeckQuestion[]> {
  const answer = await request.get(`/api/questions/deck/${deckId}/all`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { questions: DeckQuestion[] }).questions;
}

/**
 * The owner's deck: the fixture article added as a link, processed by the worker (chunks and
 * vectors for the tutor), then questions of both types generated from it.
 */
export async function studiedDeck(
  request: APIRequestContext,
  label = 'study-chat',
  title = 'Mozilla',
): Promise<Studied> {
  const token = await signedUp(request, label);
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/decks', { headers: auth, data: { title } });
  expect(created.status()).toBe(201);
  const deckId = ((await created.json()) as { _id: string })._id;

  const added = await request.post(`/api/decks/${deckId}/sources`, {
    headers: auth,
    data: {
      source: { type: 'website', url: FIXTURE_ARTICLE_URL },
    },
  });
  expect(added.ok()).toBe(true);
  const sourceId = ((await added.json()) as { _id: string })._id;
  const processing = await request.post('/api/ai/process-source', {
    headers: auth,
    data: { deckId, sourceId },
  });
  expect(processing.ok()).toBe(true);
  let sourceTitle = '';
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/ai/source-status/${deckId}/${sourceId}`, {
          headers: auth,
        });
        const { source } = (await status.json()) as {
          source: { processingStatus: string; title: string };
        };
        sourceTitle = source.title;
        return source.processingStatus;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('completed');

  const generated = await request.post(`/api/questions/deck/${deckId}/generate`, {
    headers: auth,
    data: { questionTypes: ['multiple_choice', 'free_response'], totalQuestions: 6 },
  });
  expect(generated.ok()).toBe(true);
  // A long generation answers 'queued' and the worker writes the questions later.
  await expect
    .poll(
      async () => {
        const types = new Set(
          (await allQuestions(request, deckId, token)).map((q) => q.questionType),
        );
        return types.has('multiple_choice') && types.has('free_response');
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return { token, deckId, sourceTitle };
}
