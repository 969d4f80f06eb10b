import { expect as baseExpect, test, type Page, type Request, type Route } from '@playwright/test';
import type {
  AllQuestionsResponse,
  EvaluateQuestionResponse,
} from '@mnemo/contracts/api/questions';
import type { Chat, ChatMessage, ChatStreamEvent } from '@mnemo/contracts/entities/chat';
import type { Question } from '@mnemo/contracts/entities/question';
import { answerAs } from './fake-calls';
import {
  FakeDeckApi,
  NOW,
  PUBLISHED_BY_OTHER,
  failure,
  fakeSource,
  uuid,
  type FakeDeck,
} from './fake-deck-api';

// The 'Study Chat' panel (spec 02 §2, §4, §5, §8, §9) in the Flashcards tab's sidebar. The deck,
// the visitor and the study calls come from FakeDeckApi and a played question list; the chat
// service is played here in the wire format of @mnemo/contracts: JSON answers, and the streams as
// real text/event-stream bodies (`event: chunk|done|error` frames) read by the page's fetch reader.

// A stream, its retrieval calls and the follow-up prompts call all happen per message; on a loaded
// two-core machine that can pass the default limits while working correctly.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 10_000 });
// Dates in the history list are written in the browser's locale and time zone.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SOURCE_ID = '5a1c7e2b-9d4f-4e3a-8b6c-0f1e2d3c4b5a';
const QUESTION = 'Which organelle makes ATP?';

interface ChatCall {
  method: string;
  path: string;
  body: unknown;
}

interface ChatService {
  calls: ChatCall[];
  /** Plays each stream call: a whole SSE body, or a custom route answer. */
  stream: (route: Route, request: Request) => Promise<void>;
  prompts: string[];
  /** The prompts call answers once this settles. */
  promptsHeld: Promise<void>;
  saved: {
    _id: string;
    title: string;
    messages: Omit<ChatMessage, 'timestamp'>[];
    updatedAt?: string;
  }[];
}

/** An SSE body as the chat service writes it: named events, JSON data that repeats the type. */
function sse(chunks: string[], done: Partial<DoneEvent> = {}): string {
  const frame = (event: ChatStreamEvent) =>
    `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  return [
    ...chunks.map((content) => frame({ type: 'chunk', content })),
    frame({ type: 'done', fullResponse: chunks.join(''), ...done }),
  ].join('');
}
type DoneEvent = Extract<ChatStreamEvent, { type: 'done' }>;

const streamed = (body: string) => (route: Route) =>
  route.fulfill({
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    body,
  });

function chatOf(service: ChatService, id: string, deckId: string): Chat | null {
  const chat = service.saved.find((c) => c._id === id);
  if (!chat) return null;
  return {
    _id: chat._id,
    title: chat.title,
    deckId,
    messages: chat.messages.map((m) => ({ ...m, timestamp: NOW })),
    createdAt: NOW,
    updatedAt: chat.updatedAt ?? NOW,
    isPreview: false,
  };
}

/** A signed-in owner (or a viewer of a published deck) on the Flashcards tab of a one-question deck. */
async function openChat(
  page: Page,
  { viewer = false }: { viewer?: boolean } = {},
): Promise<{ deck: FakeDeck; service: ChatService }> {
  const api = new FakeDeckApi({ signedIn: true });
  const deck = api.addDeck('Biology', viewer ? { presented: PUBLISHED_BY_OTHER } : {});
  await api.install(page);
  const question: Question = {
    _id: uuid(),
    deck: deck._id,
    question: QUESTION,
    questionType: 'multiple_choice',
    options: ['Nucleus', 'Mitochondrion', 'Ribosome'],
    correctAnswerIndex: 1,
    correctAnswerText: 'Mitochondrion',
    expectedAnswer: null,
    caseContext: null,
    source: null,
    answer: null,
  };
  await page.route(`**/api/questions/deck/${deck._id}/all**`, (route) =>
    answerAs(route, 'GET /questions/deck/:deckId/all', {
      success: true,
      questions: [question],
    } satisfies AllQuestionsResponse),
  );
  await page.route(`**/api/questions/${question._id}/evaluate`, (route) =>
    answerAs(route, 'POST /questions/:id/evaluate', {
      success: true,
      evaluation: {
        multipleChoice: {
          isCorrect: false,
          correctAnswerIndex: 1,
          correctAnswerText: 'Mitochondrion',
        },
      },
      question,
    } satisfies EvaluateQuestionResponse),
  );

  const service: ChatService = {
    calls: [],
    stream: streamed(sse(['Mitochondria ', 'make **ATP**.'])),
    prompts: ['How is ATP used?', 'Give me a mnemonic', 'What about plants?', 'What next?'],
    promptsHeld: Promise.resolve(),
    saved: [],
  };
  await page.route(
    (url) =>
      url.pathname.startsWith('/api/chat/') || url.pathname.endsWith('/conversation-prompts'),
    async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace(/^\/api/, '');
      const method = request.method();
      let body: unknown = null;
      try {
        body = request.postDataJSON();
      } catch {
        body = null;
      }
      service.calls.push({ method, path, body });
      if (path === '/chat/check-vector-availability') {
        return answerAs(route, 'POST /chat/check-vector-availability', {
          success: true,
          available: true,
          chunkCount: 4,
        });
      }
      if (path === '/chat/enhance-query') {
        const { query } = body as { query: string };
        return answerAs(route, 'POST /chat/enhance-query', {
          success: true,
          enhancedQuery: `${query} (cell energy)`,
        });
      }
      if (path === '/chat/retrieve-context') {
        return answerAs(route, 'POST /chat/retrieve-context', {
          success: true,
          chunks: [
            {
              content: 'Mitochondria produce ATP.',
              score: 0.91,
              sourceId: SOURCE_ID,
              sourceTitle: 'Cell Biology Notes',
              chunkIndex: 2,
            },
          ],
          attribution: [{ sourceId: SOURCE_ID, title: 'Cell Biology Notes', chunkIndexes: [2] }],
          tokenCount: 6,
        });
      }
      if (path.endsWith('/conversation-prompts')) {
        await service.promptsHeld;
        const prompts = { success: true, prompts: service.prompts } as const;
        return path.startsWith('/sources/')
          ? answerAs(route, 'POST /sources/conversation-prompts', prompts)
          : answerAs(route, 'POST /questions/conversation-prompts', prompts);
      }
      if (path.startsWith('/chat/stream/')) return service.stream(route, request);
      const cited = /^\/chat\/sources\/([^/]+)\/passages\/(\d+)$/.exec(path);
      if (cited?.[1] && cited[2]) {
        return answerAs(route, 'GET /chat/sources/:sourceId/passages/:chunkIndex', {
          success: true,
          passage: {
            deckId: deck._id,
            sourceId: cited[1],
            sourceTitle: 'Cell Biology Notes',
            chunkIndex: Number(cited[2]),
            heading: 'Energy',
            content: 'Mitochondria produce ATP by cellular respiration.',
            page: 3,
          },
        });
      }
      if (path === '/chat/start') {
        const input = body as { title: string; messages: Omit<ChatMessage, 'timestamp'>[] };
        const chat = { _id: uuid(), title: input.title, messages: input.messages };
        service.saved.unshift(chat);
        const started = chatOf(service, chat._id, deck._id);
        if (!started) throw new Error('the chat just saved is missing');
        return answerAs(route, 'POST /chat/start', { success: true, chat: started }, 201);
      }
      if (path === `/chat/deck/${deck._id}` && method === 'GET') {
        return answerAs(route, 'GET /chat/deck/:deckId', {
          success: true,
          chats: service.saved.flatMap((c) => chatOf(service, c._id, deck._id) ?? []),
        });
      }
      const one = /^\/chat\/([^/]+)$/.exec(path);
      if (one?.[1] && method === 'DELETE') {
        const chat = chatOf(service, one[1], deck._id);
        service.saved = service.saved.filter((c) => c._id !== one[1]);
        return chat
          ? answerAs(route, 'DELETE /chat/:id', { success: true, chat })
          : failure(404, 'NOT_FOUND', 'Chat not found')(route);
      }
      if (one?.[1] && method === 'GET') {
        const chat = chatOf(service, one[1], deck._id);
        return chat
          ? answerAs(route, 'GET /chat/:id', { success: true, chat })
          : failure(404, 'NOT_FOUND', 'Chat not found')(route);
      }
      return failure(404, 'NOT_FOUND', 'Not found')(route);
    },
  );
  return { deck, service };
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Study Chat' });
const input = (page: Page) => panel(page).getByRole('textbox', { name: 'Message' });
const assistant = (page: Page) => panel(page).locator('.chat-list [data-role="assistant"]');
const user = (page: Page) => panel(page).locator('.chat-list [data-role="user"]');
const streamCalls = (service: ChatService) =>
  service.calls.filter((c) => c.path.startsWith('/chat/stream/'));

test('an empty chat offers the quick prompts and the default follow-ups', async ({ page }) => {
  const { deck, service } = await openChat(page);
  await page.goto(`/deck/${deck._id}/flashcards`);

  await expect(panel(page).getByRole('heading', { name: 'Study Chat' })).toBeVisible();
  await expect(panel(page).getByText('How can I assist you today?')).toBeVisible();
  for (const name of ['Explain Concepts', 'Summarize Content', 'Quick Study']) {
    await expect(panel(page).getByRole('button', { name })).toBeVisible();
  }
  // The empty chat's prompts are the spec's question-mode defaults, without a call.
  for (const name of [
    "Explain it to me like I'm 5 years old",
    'Give me an analogy',
    'What are some related topics I should study?',
    'Can you give me a hint for this question?',
  ]) {
    await expect(panel(page).getByRole('button', { name })).toBeVisible();
  }
  expect(service.calls.some((c) => c.path.endsWith('/conversation-prompts'))).toBe(false);
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(panel(page).getByRole('button', { name: 'Add' })).toHaveAttribute(
    'title',
    'Coming soon',
  );
  await expect(panel(page).getByRole('button', { name: 'Save Chat' })).toHaveCount(0);
});

test('a message is enhanced, retrieved and streamed, rendered as safe Markdown with its sources', async ({
  page,
}) => {
  const { deck, service } = await openChat(page);
  service.stream = streamed(
    sse([
      'Mitochondria ',
      'make **ATP**. ',
      'See [this](javascript:alert(1)) and <script>window.bad=1</script>[docs](https://example.com/atp).',
    ]),
  );
  let releasePrompts: () => void = () => undefined;
  service.promptsHeld = new Promise<void>((resolve) => (releasePrompts = resolve));
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');

  await expect(user(page)).toHaveText('What makes ATP?');
  // The follow-ups are asked again after the answer: four placeholders until they come.
  await expect(panel(page).getByTestId('prompt-placeholder')).toHaveCount(4);
  releasePrompts();
  await expect(assistant(page).locator('strong')).toHaveText('ATP');
  await expect(assistant(page)).toContainText('Sources: Cell Biology Notes');
  const links = assistant(page).locator('a');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute('href', 'https://example.com/atp');
  await expect(links).toHaveAttribute('target', '_blank');
  await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await assistant(page).locator('script').count()).toBe(0);
  expect(await page.evaluate(() => (window as { bad?: number }).bad)).toBeUndefined();
  await expect(input(page)).toHaveValue('');

  const enhance = service.calls.find((c) => c.path === '/chat/enhance-query');
  expect(enhance?.body).toEqual({ query: 'What makes ATP?', chatHistory: [], deckId: deck._id });
  const retrieve = service.calls.find((c) => c.path === '/chat/retrieve-context');
  expect(retrieve?.body).toMatchObject({
    deckId: deck._id,
    query: 'What makes ATP? (cell energy)',
    topK: 5,
    threshold: 0.7,
    useHybridSearch: true,
    maxContextTokens: 3000,
  });
  const [stream] = streamCalls(service);
  expect(stream?.path).toBe('/chat/stream/ephemeral');
  expect(stream?.body).toMatchObject({
    deckId: deck._id,
    message: 'What makes ATP?',
    vectorContext: { chunks: [{ sourceTitle: 'Cell Biology Notes' }] },
    mode: 'question',
    chatHistory: [],
  });
  expect((stream?.body as { systemMessage: string }).systemMessage).toContain(QUESTION);

  // After the first answer the follow-ups come from the question prompts call.
  await expect(panel(page).getByRole('button', { name: 'Give me a mnemonic' })).toBeVisible();
  const prompts = service.calls.find((c) => c.path === '/questions/conversation-prompts');
  expect(prompts?.body).toMatchObject({
    deckId: deck._id,
    context: { question: QUESTION, answerSubmitted: false },
  });
  // Shift+Enter is a new line, not a send.
  await input(page).fill('line one');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('line two');
  await expect(input(page)).toHaveValue('line one\nline two');
  expect(streamCalls(service)).toHaveLength(1);
});

test('a citation [n] opens its passage on the summary page in a new tab, with the page it stands on, and the study session stays', async ({
  page,
}) => {
  const { deck, service } = await openChat(page);
  deck.sources.push(
    fakeSource({
      _id: SOURCE_ID,
      type: 'document',
      url: null,
      title: 'Cell Biology Notes',
      originalFilename: 'cells.pdf',
      downloadUrl: '/api/files/documents/2025/03/cells.pdf',
      processingStatus: 'completed',
      summary: 'How cells get their energy.',
      keyPoints: ['ATP: the energy currency of the cell'],
    }),
  );
  const attribution = [
    {
      sourceId: SOURCE_ID,
      title: 'Cell Biology Notes',
      chunkIndexes: [2],
      passages: [{ n: 1, chunkIndex: 2, page: 3 }],
    },
  ];
  service.stream = streamed(
    sse(['Mitochondria make ATP [1]', ', unlike ribosomes [4].'], { attribution }),
  );
  await page.goto(`/deck/${deck._id}/flashcards`);
  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');

  // The marker the attribution knows is a link; the one it does not know stays text.
  const citation = assistant(page).getByRole('link', {
    name: 'Passage 1: Cell Biology Notes, page 3',
  });
  await expect(citation).toHaveText('[1]');
  await expect(assistant(page)).toContainText('unlike ribosomes [4].');
  await expect(assistant(page).getByRole('link')).toHaveCount(1);
  // In a study session the passage opens in a new tab: following it in place would end the session.
  await expect(citation).toHaveAttribute('target', '_blank');
  // The address the tab opens: read from its first navigation, because the tab has none of the
  // test's fake API and the app there soon leaves the page it cannot load (a check of the tab's
  // address raced that).
  // (The study session itself never loads a summary page: it stays, as checked below.)
  const opened = page.context().waitForEvent('request', {
    predicate: (r) => r.isNavigationRequest() && new URL(r.url()).pathname.endsWith('/summary'),
  });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), citation.click()]);
  const cited = new RegExp(`/deck/${deck._id}/summary\\?source=${SOURCE_ID}&passage=2$`);
  const citedUrl = (await opened).url();
  expect(citedUrl).toMatch(cited);
  await tab.close();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/flashcards`));
  await expect(assistant(page)).toContainText('Mitochondria make ATP');

  // The tab's page, here where the test's fake API answers (a new tab has none of it).
  await page.goto(citedUrl);
  const passage = page.getByRole('region', { name: 'Cited passage, page 3' });
  await expect(passage).toBeVisible();
  await expect(passage.locator('blockquote')).toHaveText(
    'Mitochondria produce ATP by cellular respiration.',
  );
  await expect(passage).toContainText('Energy');
  await expect(passage.getByRole('link', { name: 'Open the document at page 3' })).toHaveAttribute(
    'href',
    '/api/files/documents/2025/03/cells.pdf#page=3',
  );
  await expect(page.getByRole('heading', { name: 'Cell Biology Notes', level: 2 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cited-passage.png') });

  // The summary page's own chat opens its citations in place: there is no session to lose.
  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');
  await expect(
    assistant(page).getByRole('link', { name: 'Passage 1: Cell Biology Notes, page 3' }),
  ).not.toHaveAttribute('target', '_blank');
});

test('a streaming answer can be cancelled', async ({ page }) => {
  const { deck, service } = await openChat(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  service.stream = async (route) => {
    await held;
    await route.abort().catch(() => undefined);
  };
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('Tell me everything');
  await panel(page).getByRole('button', { name: 'Send' }).click();
  await expect(panel(page).getByText('Thinking...')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Cancel' }).click();

  await expect(panel(page).getByText('Thinking...')).toHaveCount(0);
  await expect(user(page)).toHaveText('Tell me everything');
  await expect(assistant(page)).toHaveCount(0);
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeVisible();
  release();
});

test('a failed answer is replaced by the apology and the error shows under the input', async ({
  page,
}) => {
  const { deck, service } = await openChat(page);
  service.stream = failure(503, 'AI_UNAVAILABLE', 'No AI provider answered');
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');

  await expect(assistant(page)).toHaveText(
    'I apologize, but I encountered an error processing your message. Please try again.',
  );
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Claude AI service is temporarily unavailable. Your messages are still being saved.',
  );

  // An error event in the middle of a stream ends the same way, mapped by its code.
  service.stream = streamed(
    'event: chunk\ndata: {"content":"Partial"}\n\nevent: error\ndata: {"message":"busy","code":"AI_OVERLOADED"}\n\n',
  );
  await input(page).fill('Again?');
  await input(page).press('Enter');
  await expect(assistant(page)).toHaveCount(2);
  await expect(assistant(page).nth(1)).toHaveText(/^I apologize/);
  await expect(panel(page).getByRole('alert')).toHaveText(
    'The AI service is currently overloaded. Please try again in a moment.',
  );
});

test('an answer about high demand shows the unavailable banner', async ({ page }) => {
  const { deck, service } = await openChat(page);
  service.stream = streamed(sse(['We are encountering high demand right now.']));
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('Hello');
  await input(page).press('Enter');
  const banner = panel(page).getByRole('status');
  await expect(banner).toContainText('Claude AI service is temporarily unavailable');
  await expect(banner).toContainText(
    "Your messages are still being saved, but AI responses won't be generated until the service is available again.",
  );
});

test('Save Chat keeps the conversation, then answers stream in the saved chat', async ({
  page,
}) => {
  const { deck, service } = await openChat(page);
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');
  await expect(assistant(page)).toContainText('Mitochondria make ATP.');

  await panel(page).getByRole('button', { name: 'Save Chat' }).click();
  await expect(panel(page).getByRole('button', { name: 'Saved to History' })).toBeDisabled();
  const start = service.calls.find((c) => c.path === '/chat/start');
  expect(start?.body).toEqual({
    deckId: deck._id,
    title: 'Study Session: What makes ATP?',
    preview: false,
    messages: [
      { role: 'user', content: 'What makes ATP?' },
      {
        role: 'assistant',
        content: 'Mitochondria make **ATP**.',
        // The answer's sources are saved with it.
        attribution: [{ sourceId: SOURCE_ID, title: 'Cell Biology Notes', chunkIndexes: [2] }],
      },
    ],
  });

  await input(page).fill('And in plants?');
  await input(page).press('Enter');
  await expect(assistant(page)).toHaveCount(2);
  const saved = service.saved[0];
  // The answer's bubble is shown before its request leaves the page: wait for the request.
  await expect.poll(() => streamCalls(service).length).toBe(2);
  expect(streamCalls(service).at(-1)?.path).toBe(`/chat/stream/${saved?._id}`);
  expect(streamCalls(service).at(-1)?.body).toMatchObject({ message: 'And in plants?' });
});

test('selected text becomes a chip that is sent as an explanation request', async ({ page }) => {
  const { deck, service } = await openChat(page);
  await page.goto(`/deck/${deck._id}/flashcards`);

  const heading = page.getByRole('heading', { name: QUESTION });
  // A real drag over the question's text: mouse down at its start, up at its end.
  const select = async () => {
    const box = await heading.boundingBox();
    if (!box) throw new Error('the question is not on screen');
    await page.mouse.move(box.x + 1, box.y + 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height - 2, { steps: 5 });
    await page.mouse.up();
  };
  await select();
  const chip = panel(page).getByRole('list', { name: 'Selected text' }).getByRole('listitem');
  await expect(chip).toHaveText(/Which organelle makes ATP\?/);
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  // Selecting the same text again adds nothing.
  await select();
  await page.waitForTimeout(100);
  await expect(chip).toHaveCount(1);

  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeEnabled();
  await panel(page).getByRole('button', { name: 'Send' }).click();
  await expect(user(page).locator('.chat-chip')).toHaveText(QUESTION);
  await expect(chip).toHaveCount(0);
  // The message is shown before retrieval and its stream request: wait for the request.
  await expect.poll(() => streamCalls(service).length).toBe(1);
  expect(streamCalls(service)[0]?.body).toMatchObject({ message: `Explain this: ${QUESTION}` });
});

test("a viewer's chat is kept as a preview chat in session storage", async ({ page }) => {
  const { deck } = await openChat(page, { viewer: true });
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');
  await expect(assistant(page)).toContainText('Mitochondria make ATP.');
  // A preview chat cannot be saved: Save Chat asks the viewer to clone the deck first.
  await panel(page).getByRole('button', { name: 'Save Chat' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone Deck' });
  await expect(clone.getByText('This deck must be cloned to your library first.')).toBeVisible();
  await clone.getByRole('button', { name: 'Cancel' }).click();
  await expect(clone).toHaveCount(0);

  await expect
    .poll(async () =>
      page.evaluate(() => JSON.parse(sessionStorage.getItem('preview-chats') ?? '[]')),
    )
    .toEqual([
      {
        id: expect.any(String),
        title: 'Study Session: What makes ATP?',
        deckId: deck._id,
        messages: [
          { role: 'user', content: 'What makes ATP?', timestamp: expect.any(String) },
          {
            role: 'assistant',
            content: 'Mitochondria make **ATP**.',
            timestamp: expect.any(String),
          },
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
});

test('a viewer with 50 preview chats on the deck is asked to clone it', async ({ page }) => {
  const { deck, service } = await openChat(page, { viewer: true });
  await page.addInitScript((deckId) => {
    const chats = Array.from({ length: 50 }, (_, i) => ({
      id: `chat-${i}`,
      title: `Chat ${i}`,
      deckId,
      messages: [{ role: 'user', content: 'hi' }],
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
    }));
    sessionStorage.setItem('preview-chats', JSON.stringify(chats));
  }, deck._id);
  await page.goto(`/deck/${deck._id}/flashcards`);

  await input(page).fill('One more?');
  await input(page).press('Enter');
  await expect(panel(page).getByRole('alert')).toHaveText(
    "You've reached the maximum of 50 preview chats. Please clone this deck to continue chatting.",
  );
  expect(streamCalls(service)).toHaveLength(0);
});

test('an explain follow-up from the session is sent once, and the next question resets the chat', async ({
  page,
}) => {
  const { deck, service } = await openChat(page);
  await page.goto(`/deck/${deck._id}/flashcards`);
  const session = page.getByRole('region', { name: 'Flashcards' });

  await session.getByRole('button', { name: /^A\s/ }).click();
  await session.getByRole('button', { name: 'Submit Answer', exact: true }).click();
  await session.getByRole('button', { name: 'Explain the answer' }).click();

  await expect(user(page)).toContainText('My answer to this question was not right.');
  await expect(assistant(page)).toContainText('Mitochondria make ATP.');
  const [stream] = streamCalls(service);
  expect((stream?.body as { systemMessage: string }).systemMessage).toContain(
    'That answer was graded incorrect.',
  );
  // The same follow-up is not sent again when the panel re-renders.
  await page.waitForTimeout(300);
  expect(streamCalls(service)).toHaveLength(1);

  await session.getByRole('button', { name: 'Next Question' }).click();
  await expect(panel(page).getByText('How can I assist you today?')).toBeVisible();
  await expect(user(page)).toHaveCount(0);
});

test('saved chats are listed newest first on the Manage page, opened and deleted', async ({
  page,
}) => {
  const { deck, service } = await openChat(page);
  service.saved = [
    {
      _id: uuid(),
      title: 'Source Discussion: Older chat',
      messages: [
        { role: 'system', content: 'You are a tutor.' },
        { role: 'user', content: 'What is osmosis?' },
        { role: 'assistant', content: `Osmosis moves water across a membrane. ${'x'.repeat(40)}` },
      ],
      updatedAt: '2025-02-01T09:00:00.000Z',
    },
    {
      _id: uuid(),
      title: 'Study Session: Undated',
      messages: [{ role: 'user', content: 'When?' }],
      updatedAt: 'not a date',
    },
  ];
  await page.goto(`/deck/${deck._id}/manage`);

  // A new conversation, saved: it joins the list above the older one.
  await input(page).fill('What makes ATP?');
  await input(page).press('Enter');
  await expect(assistant(page)).toContainText('Mitochondria make ATP.');
  await panel(page).getByRole('button', { name: 'Save Chat' }).click();
  await expect(panel(page).getByRole('button', { name: 'Saved to History' })).toBeVisible();
  expect(service.calls.find((c) => c.path === '/chat/start')?.body).toMatchObject({
    title: 'Source Discussion: What makes ATP?',
  });

  await page.getByRole('button', { name: 'Chat History' }).click();
  const history = page.getByRole('region', { name: 'Chat history' });
  const rows = history.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Source Discussion: What makes ATP?');
  await expect(rows.nth(0)).toContainText('Mitochondria make **ATP**.');
  await expect(rows.nth(0)).toContainText('Mar 1, 2025');
  await expect(rows.nth(1)).toContainText(
    `Osmosis moves water across a membrane. ${'x'.repeat(21)}...`,
  );
  await expect(rows.nth(1)).toContainText('Feb 1, 2025');
  await expect(rows.nth(2)).toContainText('Unknown date');

  // Opening the older chat shows it in the panel, as saved; the system message stays hidden.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Source Discussion: Older chat/ })
    .click();
  await expect(user(page)).toHaveText('What is osmosis?');
  await expect(panel(page).getByText('You are a tutor.')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Saved to History' })).toBeVisible();

  // Opening the same chat again loads it again (what the panel shows may have moved on since).
  const olderId = service.saved.find((c) => c.title === 'Source Discussion: Older chat')!._id;
  const olderLoads = () =>
    service.calls.filter((c) => c.method === 'GET' && c.path === `/chat/${olderId}`).length;
  expect(olderLoads()).toBe(1);
  await rows
    .nth(1)
    .getByRole('button', { name: /^Source Discussion: Older chat/ })
    .click();
  await expect.poll(olderLoads).toBe(2);
  await expect(user(page)).toHaveText('What is osmosis?');

  await rows.nth(1).getByRole('button', { name: 'Delete Source Discussion: Older chat' }).click();
  await expect(rows).toHaveCount(2);
  await expect(history).not.toContainText('Older chat');
  await expect
    .poll(() => service.calls.some((c) => c.method === 'DELETE' && c.path.startsWith('/chat/')))
    .toBe(true);
});
