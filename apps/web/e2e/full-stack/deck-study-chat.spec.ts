import { expect, test, type Locator, type Page } from '@playwright/test';
import { serveFixtureArticle } from './fixture-site';
import { allQuestions, studiedDeck, type DeckQuestion, type Studied } from './generated-deck';

// Against the real Mnemo (spec 02 §2, §4): a signed-in owner studies a deck made from a real
// article (the Wikipedia page on Mozilla, fetched by the worker from a local fixture site, embedded
// and turned into questions by the offline provider), asks the tutor about it and gets a streamed
// answer quoting and citing the article, saves the chat and finds it in the Manage page's history,
// and sends selected text as a chip. The deck is made once through the API; every test opens its
// own page on it and leaves nothing another test reads.

let site: { close(): Promise<void> };
let studied: Studied;

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(300_000);
  site = await serveFixtureArticle();
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    studied = await studiedDeck(request);
  } finally {
    await request.dispose();
  }
});
test.afterAll(async () => {
  await site.close();
});

/** Signs the page in as the deck's owner before the app reads its session. */
async function asOwner(page: Page) {
  await page.addInitScript((token) => localStorage.setItem('token', token), studied.token);
}

function chatPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Study Chat' });
}

/** The panel's answers: the finished assistant bubbles (the streaming one carries chat-streaming). */
function answers(panel: Locator): Locator {
  return panel.locator('li.chat-msg-assistant:not(.chat-streaming)');
}

type StreamWatch = { streamingShown: string[] };

/**
 * Records what the streaming bubble shows as it is added ('Thinking...', then streamed pieces):
 * the finished bubble replaces it, so only a watch from the start sees it.
 */
async function watchStreamingBubble(page: Page) {
  await page.addInitScript(() => {
    const watch = window as unknown as StreamWatch;
    watch.streamingShown = [];
    const shown = '.chat-streaming .chat-thinking, .chat-streaming .chat-piece';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const found = node.matches(shown) ? [node] : [...node.querySelectorAll(shown)];
          for (const part of found) watch.streamingShown.push(part.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Selects an element's text as a user does: pressed at its first letter, released past its end. */
async function dragOver(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  const { x, y, width, height } = box!;
  await page.mouse.move(x + 1, y + 2);
  await page.mouse.down();
  await page.mouse.move(x + width / 2, y + height / 2, { steps: 5 });
  await page.mouse.move(x + width - 1, y + height - 2, { steps: 5 });
  await page.mouse.up();
}

/**
 * Opens the deck's Flashcards tab in Practice showing the first question of one type. Practice is
 * asked for: without it the tab opens in Review whenever cards are due, which answers in earlier
 * tests can make them.
 */
async function studyType(page: Page, type: 'multiple_choice' | 'free_response') {
  await page.goto(`/deck/${studied.deckId}/flashcards?mode=practice`);
  await expect(page.getByRole('heading', { name: 'Flashcards', level: 1 })).toBeVisible();
  await page.getByLabel('Question type').selectOption(type);
  return page.getByRole('article', { name: 'Question 1' });
}

async function questionShown(page: Page, card: Locator): Promise<DeckQuestion> {
  const prompt = (await card.locator('h2.study-prompt').innerText()).trim();
  const question = (await allQuestions(page.request, studied.deckId, studied.token)).find(
    (q) => q.question.trim() === prompt,
  );
  expect(question, `the question shown: ${prompt}`).toBeDefined();
  return question!;
}

/** The index of the right option, from the API's question (not the page). */
function rightIndex(question: DeckQuestion): number {
  if (question.correctAnswerIndex !== null) return question.correctAnswerIndex;
  const index = question.options.findIndex((o) => o.trim() === question.correctAnswerText?.trim());
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

test('an owner studies the deck: a wrong and a right multiple-choice answer, then a free response graded with score bars and the stoplight', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asOwner(page);

  // Multiple choice, wrong first: the pick is marked incorrect and the right option named.
  let card = await studyType(page, 'multiple_choice');
  await expect(card.getByText('Multiple Choice', { exact: true })).toBeVisible();
  const first = await questionShown(page, card);
  const right = rightIndex(first);
  const wrong = right === 0 ? 1 : 0;
  const letter = (i: number) => String.fromCharCode(65 + i);
  const options = card.getByRole('list', { name: 'Options' }).getByRole('button');
  await expect(options).toHaveCount(first.options.length);
  await expect(options.nth(0).locator('.study-option-letter')).toHaveText('A');
  const submit = card.getByRole('button', { name: 'Submit Answer' });
  await expect(submit).toBeDisabled();
  await options.nth(wrong).click();
  await expect(options.nth(wrong)).toHaveAttribute('aria-pressed', 'true');
  await submit.click();
  let evaluation = card.getByRole('region', { name: 'Evaluation' });
  await expect(evaluation.getByRole('heading', { name: 'Incorrect' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(evaluation).toContainText(`Your answer: ${letter(wrong)}. ${first.options[wrong]}`);
  await expect(evaluation).toContainText(
    `Correct answer: ${letter(right)}. ${first.options[right]}`,
  );
  await expect(options.nth(wrong)).toHaveAttribute('data-outcome', 'incorrect');
  await expect(options.nth(right)).toHaveAttribute('data-outcome', 'correct');
  // The answer is locked once submitted.
  await expect(options.nth(right)).toBeDisabled();
  await expect(evaluation.getByRole('button', { name: 'Explain the answer' })).toBeVisible();

  // The same question again, now answered right (a fresh page: the session starts anew).
  card = await studyType(page, 'multiple_choice');
  await expect(card.locator('h2.study-prompt')).toHaveText(first.question);
  await options.nth(right).click();
  await submit.click();
  evaluation = card.getByRole('region', { name: 'Evaluation' });
  await expect(evaluation.getByRole('heading', { name: 'Correct!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(evaluation).toContainText(`Your answer: ${letter(right)}. ${first.options[right]}`);
  await expect(options.nth(right)).toHaveAttribute('data-outcome', 'correct');
  await expect(evaluation.getByRole('button', { name: 'Elaborate on this' })).toBeVisible();

  // Free response: the expected answer written back in full is graded by the offline provider.
  card = await studyType(page, 'free_response');
  await expect(card.getByText('Free Response', { exact: true })).toBeVisible();
  const open = await questionShown(page, card);
  expect(open.expectedAnswer).toBeTruthy();
  await card.getByLabel('Your answer').fill(open.expectedAnswer!);
  await submit.click();
  evaluation = card.getByRole('region', { name: 'Evaluation' });
  await expect(evaluation.getByRole('heading', { name: 'Correct!' })).toBeVisible({
    timeout: 30_000,
  });
  for (const label of ['Accuracy', 'Clarity', 'Depth']) {
    const meter = evaluation.getByRole('meter', { name: label });
    await expect(meter).toHaveAttribute('aria-valuemax', '10');
    const value = Number(await meter.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(10);
    // Spec 02 §9: a score below 4 is dimmed.
    await expect(meter.locator('xpath=..')).toHaveAttribute('data-dimmed', String(value < 4));
  }
  // Correct at accuracy 7 or more (spec 02 §3).
  const accuracy = Number(
    await evaluation.getByRole('meter', { name: 'Accuracy' }).getAttribute('aria-valuenow'),
  );
  expect(accuracy).toBeGreaterThanOrEqual(7);
  await expect(
    evaluation.getByRole('img', { name: /^Stoplight: (green|yellow|red)$/ }),
  ).toBeVisible();
  await expect(evaluation.locator('.study-feedback')).not.toBeEmpty();
  await expect(evaluation).toContainText(`Expected answer: ${open.expectedAnswer}`);
  await expect(evaluation.getByRole('button', { name: 'Next Question' })).toBeVisible();
});

test('the tutor streams a cited answer from the article, the chat is saved and found in the Manage page history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asOwner(page);
  await watchStreamingBubble(page);
  await page.goto(`/deck/${studied.deckId}/manage`);
  await expect(page.getByRole('heading', { name: 'Project knowledge' })).toBeVisible();
  const panel = chatPanel(page);
  await expect(panel.getByText('How can I assist you today?')).toBeVisible();
  // Retrieval is offered once the deck's chunks are known to be searchable.
  await expect(panel.getByRole('checkbox', { name: 'Search sources' })).toBeChecked();

  // The answer is in the article: "Jamie Zawinski from Netscape registered mozilla.org".
  const question = 'Who registered mozilla.org for Netscape?';
  const streamed = page.waitForResponse(
    (r) => r.url().endsWith('/api/chat/stream/ephemeral') && r.request().method() === 'POST',
  );
  const retrieved = page.waitForResponse((r) => r.url().endsWith('/api/chat/retrieve-context'));
  await panel.getByRole('textbox', { name: 'Message' }).fill(question);
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(panel.locator('li.chat-msg-user')).toHaveText(question);
  expect((await retrieved).status()).toBe(200);
  const stream = await streamed;
  expect(stream.status()).toBe(200);
  expect(stream.headers()['content-type']).toContain('text/event-stream');

  const answer = answers(panel).last();
  // The offline tutor quotes the article's sentence.
  await expect(answer).toContainText('Jamie Zawinski from Netscape registered', {
    timeout: 30_000,
  });
  // While it was worked on, the bubble said 'Thinking...'.
  const shown = await page.evaluate(() => (window as unknown as StreamWatch).streamingShown);
  expect(shown).toContain('Thinking...');

  // On the wire: several chunk events, then done. The browser's own request is sent again (the
  // browser does not keep a streamed body for the test to read).
  const sent = stream.request();
  const again = await page.request.post(sent.url(), {
    headers: { authorization: `Bearer ${studied.token}` },
    data: sent.postDataJSON() as unknown,
  });
  expect(again.status()).toBe(200);
  const body = await again.text();
  const events = body.match(/^event: \w+$/gm) ?? [];
  expect(events.filter((e) => e === 'event: chunk').length).toBeGreaterThan(1);
  expect(events.filter((e) => e !== 'event: chunk')).toEqual(['event: done']);
  expect(events.at(-1)).toBe('event: done');
  const data = [...body.matchAll(/^data: (.*)$/gm)].map(
    (m) => JSON.parse(m[1]!) as { content?: string; fullResponse?: string },
  );
  const chunks = data.flatMap((d) => (d.content === undefined ? [] : [d.content])).join('');
  expect(chunks).toContain('Jamie Zawinski');
  expect(data.at(-1)?.fullResponse).toBe(chunks);
  await expect(answer.locator('.chat-citations')).toHaveText(`Sources: ${studied.sourceTitle}`);
  await expect(panel.getByText('Thinking...')).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // Save Chat shows at two messages; saving stores the chat on the server.
  const save = panel.getByRole('button', { name: 'Save Chat' });
  await save.click();
  await expect(panel.getByRole('button', { name: 'Saved to History' })).toBeDisabled();
  // Spec 02 §9: the mode's prefix and the first 50 characters of the first message.
  const title = `Source Discussion: ${question.slice(0, 50)}`;

  await page.getByRole('button', { name: 'Chat History' }).click();
  const history = page.getByRole('region', { name: 'Chat history' });
  const row = history.getByRole('listitem').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  // Its preview is the last message's first 60 characters (spec 02 §9): the tutor's answer.
  const flat = chunks.replace(/\s+/g, ' ').trim();
  expect(flat.length).toBeGreaterThan(60);
  await expect(row.locator('.chat-history-preview')).toHaveText(`${flat.slice(0, 60)}...`);

  // In a fresh page the history still has it, and opening it shows the conversation again.
  await page.reload();
  await page.getByRole('button', { name: 'Chat History' }).click();
  await expect(row).toHaveCount(1);
  await expect(panel.getByText('How can I assist you today?')).toBeVisible();
  await row.locator('.chat-history-open').click();
  await expect(panel.locator('li.chat-msg-user')).toHaveText(question);
  await expect(answers(panel).last()).toContainText('Zawinski');
  // The answer was saved with its sources.
  await expect(answers(panel).last().locator('.chat-citations')).toHaveText(
    `Sources: ${studied.sourceTitle}`,
  );
  await expect(panel.getByRole('button', { name: 'Saved to History' })).toBeVisible();
});

test('text selected on the Flashcards tab becomes a chip, and sending it asks "Explain this:" shown as a chip', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asOwner(page);
  const card = await studyType(page, 'multiple_choice');
  const prompt = card.locator('h2.study-prompt');
  const text = (await prompt.innerText()).trim();
  expect(text.length).toBeGreaterThanOrEqual(3);

  // A real selection: the mouse dragged over the question's text, released once.
  await dragOver(page, prompt);
  const panel = chatPanel(page);
  const tray = panel.getByRole('list', { name: 'Selected text' });
  const chip = tray.getByRole('listitem');
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveAttribute('title', text);
  const shown = text.length <= 33 ? text : `${text.slice(0, 15)}...${text.slice(-15)}`;
  await expect(chip.locator('.chat-chip-text')).toHaveText(shown);
  // The same text again is not a second chip (the selection is read, then cleared).
  await dragOver(page, prompt);
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'Add a question (optional)',
  );
  await expect(chip).toHaveCount(1);

  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/chat/stream/ephemeral') && r.method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Send' }).click();
  const body = (await sent).postDataJSON() as { message: string };
  expect(body.message).toBe(`Explain this: ${text}`);

  // The message shows as a chip, not as a text bubble, and the tray is emptied.
  const mine = panel.locator('li.chat-msg-user');
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveClass(/chat-msg-chips/);
  await expect(mine.locator('.chat-chip')).toHaveText(shown);
  await expect(mine.locator('.chat-msg-text')).toHaveCount(0);
  await expect(panel.getByText('Explain this:')).toHaveCount(0);
  await expect(tray).toHaveCount(0);
  // The tutor answers it from the deck.
  await expect(answers(panel)).toHaveCount(1, { timeout: 30_000 });
  await expect(answers(panel).locator('.chat-md')).not.toBeEmpty();
  await expect(panel.getByRole('alert')).toHaveCount(0);
});
