import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signedUp } from './api-account';
import { allQuestions, type DeckQuestion } from './generated-deck';
import { CHAPTERS, chapteredMarkdown } from '@mnemo/testing/curriculum';

// Classes against the real Mnemo (issue 23): a teacher uploads a chaptered document on "Create a
// class space"; the worker splits it into a deck per chapter and the offline provider writes each
// one's questions; the teacher makes the space a class; a guest student and a signed-in student
// join with the code and answer questions in Review mode; the teacher's dashboard shows their
// mastery per concept and the weakest concepts; the teacher rotates the code and the old one stops
// working. The document is written here, as a teacher would (Markdown, three chapters).

type Curriculum = {
  curriculum: { status: string };
  decks: {
    _id: string;
    title: string;
    processingStatus: string;
    questionCount: number;
    generationError: string | null;
  }[];
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedInPage(browser: Browser, token: string | null, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context.newPage();
}

const flashcards = (page: Page) => page.getByRole('region', { name: 'Flashcards' });

/** Answers the card on screen in Review mode, right or wrong, reading the question from the API. */
async function answerCard(page: Page, questions: DeckQuestion[], right: boolean) {
  const card = flashcards(page);
  const prompt = (await card.locator('h2.study-prompt').innerText()).trim();
  const question = questions.find((q) => q.question.trim() === prompt);
  expect(question, `the question shown: ${prompt}`).toBeDefined();
  if (question!.options.length > 0) {
    const correct =
      question!.correctAnswerIndex ??
      question!.options.findIndex((o) => o.trim() === question!.correctAnswerText?.trim());
    const pick = right ? correct : (correct + 1) % question!.options.length;
    await card.locator('.study-option').nth(pick).click();
  } else {
    await card
      .getByLabel('Your answer')
      .fill(right ? (question!.expectedAnswer ?? prompt) : 'I do not know.');
  }
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText(/Rated \w+/, {
    timeout: 60_000,
  });
}

/** Opens Review mode on the study page shown and answers `answers` cards in turn. */
async function review(page: Page, questions: DeckQuestion[], answers: boolean[]) {
  const mode = flashcards(page).getByRole('button', { name: 'Review' });
  await mode.click();
  await expect(mode).toHaveAttribute('aria-pressed', 'true');
  for (const [i, right] of answers.entries()) {
    await expect(flashcards(page).getByText(new RegExp(`^Card ${i + 1} of \\d+$`))).toBeVisible();
    await answerCard(page, questions, right);
    if (i < answers.length - 1) {
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Enter');
    }
  }
}

async function joinWithCode(page: Page, code: string, name: string) {
  await page.goto(`/join/${code}`);
  const nameField = page.getByLabel('Your name');
  await nameField.fill(name);
  await page.getByRole('button', { name: 'Join class' }).click();
}

async function curriculumOf(request: APIRequestContext, token: string, spaceId: string) {
  const res = await request.get(`/api/classes/curriculum/${spaceId}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as Curriculum;
}

test('a teacher turns a chaptered document into a class; two students join and answer; the dashboard shows their mastery; a rotated code stops working', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const baseURL = testInfo.project.use.baseURL!;
  const teacherToken = await signedUp(request, 'teacher');
  await page.addInitScript((t) => localStorage.setItem('token', t), teacherToken);

  // Create a class space from the library's Classes part.
  await page.goto('/library');
  await page.getByRole('link', { name: 'Create a class space' }).click();
  await page.getByLabel('Course material').setInputFiles({
    name: 'Biology 7B.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(chapteredMarkdown()),
  });
  await page.getByRole('button', { name: 'Create class space' }).click();
  await expect(page).toHaveURL(/\/classes\/new\?space=[0-9a-f-]{36}/);
  const spaceId = new URL(page.url()).searchParams.get('space')!;
  await expect(page.getByRole('heading', { name: 'Biology 7B', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toBeVisible();
  await page.screenshot({ path: 'test-results/full-stack-curriculum.png' });

  // Every unit has its questions: the page opens the space with a deck per chapter.
  await expect(page).toHaveURL(new RegExp(`/space/${spaceId}$`), { timeout: 420_000 });
  const made = await curriculumOf(request, teacherToken, spaceId);
  expect(made.curriculum.status).toBe('ready');
  expect(made.decks.map((d) => d.title)).toEqual(CHAPTERS.map(([title]) => title));
  for (const deck of made.decks) {
    expect(deck.processingStatus).toBe('completed');
    // Each chapter alone gives the offline writer ten questions: every unit deck has its own.
    expect(deck.questionCount, `${deck.title}: ${deck.generationError ?? 'no error'}`).toBeGreaterThan(0);
    expect(deck.generationError).toBeNull();
    await expect(page.getByText(deck.title).first()).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/full-stack-class-space.png' });
  const [cells, energy] = made.decks;
  const questionsOf = async (deckId: string) => allQuestions(request, deckId, teacherToken);

  // The space becomes a class with a join code.
  await page.getByRole('button', { name: 'Make this space a class' }).click();
  const codeShown = page.getByLabel('Join code');
  await expect(codeShown).toHaveText(/^[2-9A-Z]{5}$/);
  const code = (await codeShown.innerText()).trim();

  // A guest student joins with the code and answers two cards of the first chapter right.
  const guest = await signedInPage(browser, null, baseURL);
  await joinWithCode(guest, code, 'Sam');
  await expect(guest.getByRole('heading', { name: 'You joined Biology 7B' })).toBeVisible();
  await guest.getByRole('link', { name: cells!.title }).click();
  await review(guest, await questionsOf(cells!._id), [true, true]);
  await guest.screenshot({ path: 'test-results/full-stack-class-guest.png' });

  // A signed-in student joins with their account and answers the second chapter: one right, one wrong.
  const studentToken = await signedUp(request, 'student');
  const student = await signedInPage(browser, studentToken, baseURL);
  await joinWithCode(student, code, 'Lee');
  await expect(student.getByRole('heading', { name: 'You joined Biology 7B' })).toBeVisible();
  await student.goto(`/deck/${energy!._id}/flashcards`);
  await review(student, await questionsOf(energy!._id), [true, false]);

  // The dashboard: both students, mastery per concept, the weakest concepts.
  await page.goto(`/space/${spaceId}/class`);
  const grid = page.getByRole('table', { name: 'Mastery per student' });
  await expect(grid.getByRole('rowheader')).toHaveCount(2);
  const list = await request.get('/api/classes', { headers: auth(teacherToken) });
  const { teaching } = (await list.json()) as { teaching: { _id: string; spaceId: string }[] };
  const classId = teaching.find((c) => c.spaceId === spaceId)!._id;
  const dashboard = await request.get(`/api/classes/${classId}/dashboard`, {
    headers: auth(teacherToken),
  });
  expect(dashboard.status()).toBe(200);
  const data = (await dashboard.json()) as {
    students: { displayName: string; concepts: { concept: string; mastery: number }[] }[];
    concepts: { concept: string }[];
    weakest: string[];
  };
  expect(data.concepts.length).toBeGreaterThan(0);
  // Each student has retained something of what they answered right, and only that.
  for (const name of ['Sam', 'Lee']) {
    const s = data.students.find((x) => x.displayName === name)!;
    expect(s.concepts.length).toBe(data.concepts.length);
    expect(Math.max(...s.concepts.map((c) => c.mastery))).toBeGreaterThan(0);
    await expect(grid.getByRole('row', { name: new RegExp(name) })).toContainText(/[1-9]\d*%/);
  }
  expect(data.weakest.length).toBe(Math.min(3, data.concepts.length));
  const teachAgain = page.getByRole('region', { name: 'What to teach again' });
  for (const concept of data.weakest) await expect(teachAgain).toContainText(concept);
  await page.screenshot({ path: 'test-results/full-stack-class-dashboard.png' });

  // The teacher rotates the code: the old one stops working, the new one lets a student in.
  await page.goto(`/space/${spaceId}`);
  await page.getByRole('button', { name: 'New code' }).click();
  await expect(codeShown).not.toHaveText(code);
  const newCode = (await codeShown.innerText()).trim();
  const late = await signedInPage(browser, null, baseURL);
  await joinWithCode(late, code, 'Kim');
  await expect(late.getByText('No class has this code. Check it with your teacher.')).toBeVisible();
  await joinWithCode(late, newCode, 'Kim');
  await expect(late.getByRole('heading', { name: 'You joined Biology 7B' })).toBeVisible();

  for (const p of [guest, student, late]) await p.context().close();
});
