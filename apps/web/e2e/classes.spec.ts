import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import type { JoinClassBody } from '@mnemo/contracts/api/classes';
import { FakeDeckApi, failure } from './fake-deck-api';
import { FakeClassApi } from './fake-class-api';

// Classes (issue 23) against played deck and class services (fake-deck-api.ts, fake-class-api.ts)
// in the wire format of @mnemo/contracts: the space's class panel, the join page, the library's
// Classes part and the teacher's dashboard.

// axe reads the whole page, and the machine is shared: the conditions stay, the time limit grows.
test.describe.configure({ timeout: 120_000 });

async function setUp(page: Page, signedIn = true) {
  const decks = new FakeDeckApi({ signedIn });
  const classes = new FakeClassApi();
  return {
    decks,
    classes,
    install: async () => (await decks.install(page), await classes.install(page)),
  };
}

test('a teacher makes a space a class, sees the code large, copies it and the link, rotates it and turns joining off', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { decks, classes, install } = await setUp(page);
  const space = decks.addSpace('Biology 101');
  await install();
  await page.goto(`/space/${space._id}`);

  await page.getByRole('button', { name: 'Make this space a class' }).click();
  const code = page.getByLabel('Join code');
  await expect(code).toHaveText('H7K2P');
  expect(classes.made('POST', '/classes')[0]?.body).toEqual({ spaceId: space._id });
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('link', { name: `${origin}/join/H7K2P` })).toBeVisible();

  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('H7K2P');
  await page.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/join/H7K2P`);

  await page.getByRole('button', { name: 'New code' }).click();
  await expect(code).toHaveText('M4R9X');
  await expect(page.getByRole('link', { name: `${origin}/join/M4R9X` })).toBeVisible();
  expect(classes.made('POST', /\/code\/rotate$/)).toHaveLength(1);
  await page.screenshot({ path: 'test-results/classes-panel.png' });

  await page.getByRole('button', { name: 'Turn joining off' }).click();
  await expect(page.getByText('Joining is turned off')).toBeVisible();
  await expect(code).toHaveCount(0);
  expect(classes.made('PUT', /^\/classes\/[^/]+$/)[0]?.body).toEqual({ joinEnabled: false });
  await page.getByRole('button', { name: 'Turn joining on' }).click();
  await expect(code).toHaveText('M4R9X');
});

test.describe('the join page', () => {
  test('a guest joins with the code from the link and a name, and sees the class decks', async ({
    page,
  }) => {
    const { classes, install } = await setUp(page, false);
    classes.joinable.set('H7K2P', {
      _id: '00000000-0000-4000-8000-00000000c1a5',
      spaceId: '00000000-0000-4000-8000-00000000c5ac',
      spaceTitle: 'Biology 101',
      decks: [{ _id: '00000000-0000-4000-8000-00000000dec1', title: 'Cells' }],
    });
    await install();
    await page.goto('/join/h7k2p');

    await expect(page.getByRole('heading', { name: 'Join a class', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Join code')).toHaveValue('h7k2p');
    await expect(page.getByText('You are joining as a guest')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('  Ada ');
    await page.getByRole('button', { name: 'Join class' }).click();

    await expect(page.getByRole('heading', { name: 'You joined Biology 101' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Your teacher sees you as Ada.');
    const body: JoinClassBody = { code: 'H7K2P', displayName: 'Ada' };
    expect(classes.made('POST', '/classes/join')[0]?.body).toEqual(body);
    // A guest studies on the class study page: the deck area asks guests to sign up.
    await expect(page.getByRole('link', { name: 'Cells' })).toHaveAttribute(
      'href',
      '/classes/00000000-0000-4000-8000-00000000c1a5/study/00000000-0000-4000-8000-00000000dec1',
    );
  });

  test('a wrong code is named on the code field; nothing else is said about which codes exist', async ({
    page,
  }) => {
    const { classes, install } = await setUp(page);
    await install();
    await page.goto('/join');
    await page.getByLabel('Join code').fill('QQQQQ');
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Join class' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'No class has this code. Check it with your teacher.',
    );
    await expect(page.getByLabel('Join code')).toHaveAttribute('aria-invalid', 'true');
    expect(classes.made('POST', '/classes/join')).toHaveLength(1);
  });

  test('an empty name, a name too long, markup and a malformed code are refused before any call', async ({
    page,
  }) => {
    const { classes, install } = await setUp(page);
    await install();
    await page.goto('/join/H7K2P');
    const name = page.getByLabel('Your name');
    const join = page.getByRole('button', { name: 'Join class' });

    await name.fill('   ');
    await join.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a name');
    await name.fill('x'.repeat(41));
    await join.click();
    await expect(page.getByRole('alert')).toHaveText('A name is at most 40 characters');
    await name.fill('<b>Ada</b>');
    await join.click();
    await expect(page.getByRole('alert')).toContainText('A name cannot contain');
    await name.fill('Ada');
    await page.getByLabel('Join code').fill('AB0');
    await join.click();
    await expect(page.getByRole('alert')).toContainText('A join code is 5 letters and digits');
    expect(classes.made('POST', '/classes/join')).toHaveLength(0);
  });

  test('joining twice and a teacher joining their own class get their own answers', async ({
    page,
  }) => {
    const { install } = await setUp(page);
    await install();
    await page.route('**/api/classes/join', failure(409, 'TEACHER_CANNOT_JOIN', 'x'));
    await page.goto('/join/H7K2P');
    await page.getByLabel('Your name').fill('Ms Lee');
    await page.getByRole('button', { name: 'Join class' }).click();
    await expect(page.getByRole('alert')).toContainText('This is your own class');

    await page.route('**/api/classes/join', failure(409, 'ALREADY_IN_CLASS', 'x'));
    await page.getByRole('button', { name: 'Join class' }).click();
    await expect(page.getByRole('alert')).toContainText('You are already a member of this class.');
    await expect(page.getByRole('link', { name: 'Open your classes' })).toBeVisible();
  });
});

test('the library lists joined and taught classes; leaving one takes one confirmation', async ({
  page,
}) => {
  const { classes, install } = await setUp(page);
  classes.addClass({
    spaceId: '00000000-0000-4000-8000-0000000005a1',
    spaceTitle: 'History',
    role: 'member',
    member: { _id: '00000000-0000-4000-8000-0000000000a1', displayName: 'Ada' },
    decks: [{ _id: '00000000-0000-4000-8000-0000000000d1', title: 'The Romans' }],
  });
  classes.addClass({
    spaceId: '00000000-0000-4000-8000-0000000005a2',
    spaceTitle: 'Chemistry',
    role: 'teacher',
  });
  await install();
  await page.goto('/library');

  const joined = page.getByRole('list', { name: 'Classes you joined' });
  await expect(joined).toContainText('History');
  await expect(joined).toContainText('as Ada');
  await expect(joined.getByRole('link', { name: 'The Romans' })).toHaveAttribute(
    'href',
    '/deck/00000000-0000-4000-8000-0000000000d1/summary',
  );
  const taught = page.getByRole('list', { name: 'Classes you teach' });
  await expect(taught.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/space/00000000-0000-4000-8000-0000000005a2/class',
  );
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('heading', { name: 'Classes' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Join a class' })).toHaveAttribute(
    'href',
    '/join',
  );
  await expect(sidebar.getByRole('link', { name: 'Chemistry (teaching)' })).toBeVisible();

  await joined.getByRole('button', { name: 'Leave class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave class' });
  await expect(dialog).toContainText('Leave "History"?');
  await dialog.getByRole('button', { name: 'Leave class' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Classes you joined' })).toHaveCount(0);
  expect(classes.made('DELETE', /\/members\/me$/)).toHaveLength(1);
});

test('the dashboard colours the grid, sorts it, exports it as CSV, names what to teach again and removes a student', async ({
  page,
}) => {
  const { decks, classes, install } = await setUp(page);
  const space = decks.addSpace('Biology, 101');
  const ids = {
    ada: '00000000-0000-4000-8000-0000000000a1',
    bob: '00000000-0000-4000-8000-0000000000b1',
    q1: '00000000-0000-4000-8000-0000000000e1',
    q2: '00000000-0000-4000-8000-0000000000e2',
    deck: '00000000-0000-4000-8000-0000000000d1',
  };
  classes.addClass({
    spaceId: space._id,
    spaceTitle: space.title,
    role: 'teacher',
    dashboard: {
      students: [
        {
          memberId: ids.bob,
          displayName: 'Bob',
          concepts: [
            { concept: 'Cells', mastery: 0.9 },
            { concept: 'Osmosis', mastery: 0.2 },
          ],
        },
        {
          memberId: ids.ada,
          displayName: 'Ada "A"',
          concepts: [
            { concept: 'Cells', mastery: 0.3 },
            { concept: 'Osmosis', mastery: 0.6 },
          ],
        },
      ],
      concepts: [
        { concept: 'Cells', average: 0.6, below50: [ids.ada], questionIds: [ids.q1] },
        { concept: 'Osmosis', average: 0.4, below50: [ids.bob], questionIds: [ids.q2] },
      ],
      questions: [
        {
          questionId: ids.q1,
          deckId: ids.deck,
          question: 'What is a cell?',
          answered: 2,
          correctShare: 0.5,
          commonWrong: [{ answer: 'An atom', count: 1 }],
        },
        {
          questionId: ids.q2,
          deckId: ids.deck,
          question: 'What drives osmosis?',
          answered: 0,
          correctShare: null,
          commonWrong: [],
        },
      ],
      weakest: ['Osmosis', 'Cells'],
    },
  });
  await install();
  await page.goto(`/space/${space._id}/class`);

  await expect(page.getByRole('heading', { name: 'Class dashboard', level: 1 })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Mastery per student' });
  const rowNames = () => grid.locator('tbody th').allTextContents();
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  expect(await rowNames()).toEqual(['Ada "A"', 'Bob']);
  await expect(grid.locator('tbody tr').first().locator('td').first()).toHaveAttribute(
    'data-band',
    'low',
  );
  await expect(grid.locator('tbody tr').first().locator('td').first()).toHaveText('30%');

  await grid.getByRole('button', { name: 'Osmosis' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Osmosis' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(await rowNames()).toEqual(['Bob', 'Ada "A"']);
  await grid.getByRole('button', { name: 'Osmosis' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Osmosis' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(await rowNames()).toEqual(['Ada "A"', 'Bob']);

  const teachAgain = page.getByRole('region', { name: 'What to teach again' });
  await expect(teachAgain.getByRole('listitem').first()).toContainText('Osmosis');
  await expect(teachAgain).toContainText('What drives osmosis?');
  const concepts = page.getByRole('table', { name: 'Concepts' });
  await expect(concepts.getByRole('row', { name: /Osmosis/ })).toContainText('40%');
  await expect(concepts.getByRole('row', { name: /Osmosis/ })).toContainText('Bob');
  const questions = page.getByRole('table', { name: 'Questions' });
  await expect(questions.getByRole('row', { name: /What is a cell/ })).toContainText(
    '"An atom" (1)',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/classes-dashboard.png' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Biology-101-mastery.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toBe('Student,Cells,Osmosis\r\n"Ada ""A""",30,60\r\nBob,90,20\r\n');

  await grid.getByRole('button', { name: 'Remove Bob' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove student' });
  await expect(dialog).toContainText('Remove Bob from the class?');
  await dialog.getByRole('button', { name: 'Remove student' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(grid.locator('tbody tr')).toHaveCount(1);
  expect(classes.made('DELETE', new RegExp(`/members/${ids.bob}$`))).toHaveLength(1);
});

test('a teacher creates a class space from course material: upload, the units come in with their questions, then the space to make a class', async ({
  page,
}) => {
  const { decks, classes, install } = await setUp(page);
  const space = decks.addSpace('Biology 7B');
  const units = ['Chapter 1: Cells', 'Chapter 2: Energy', 'Chapter 3: Genetics'].map((title) =>
    decks.addDeck(title, { studySpace: space._id }),
  );
  const at = (
    status: 'splitting' | 'ready',
    progress: Array<['processing' | 'completed', number]> = [],
  ) => ({
    success: true as const,
    space: { ...space, decks: progress.length ? units.map((u) => u._id) : [] },
    curriculum: { status, error: null, originalFilename: 'Biology 7B.md' },
    decks: progress.map(([processingStatus, questionCount], i) => ({
      _id: units[i]!._id,
      title: units[i]!.title,
      processingStatus,
      processingError: null,
      questionCount,
      generationError: null,
    })),
  });
  classes.curriculum = {
    answer: at('splitting'),
    stages: [
      at('splitting'),
      at('ready', [
        ['completed', 10],
        ['processing', 0],
        ['processing', 0],
      ]),
      at('ready', [
        ['completed', 10],
        ['completed', 10],
        ['completed', 10],
      ]),
    ],
  };
  await install();
  await page.goto('/library');

  await page.getByRole('link', { name: 'Create a class space' }).click();
  await expect(page.getByRole('heading', { name: 'Create a class space' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing chosen: the page says so before any call.
  await page.getByRole('button', { name: 'Create class space' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose a file of your course material');
  expect(classes.made('POST', '/classes/curriculum')).toHaveLength(0);

  await page.getByLabel('Course material').setInputFiles({
    name: 'Biology 7B.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Chapter 1: Cells\n\nCells.\n\n# Chapter 2: Energy\n\nEnergy.'),
  });
  await page.getByRole('button', { name: 'Create class space' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/new\\?space=${space._id}`));
  await expect(page.getByRole('heading', { name: 'Biology 7B' })).toBeVisible();
  expect(classes.made('POST', '/classes/curriculum')[0]?.body).toEqual({
    storageRef: 'documents/2025/03/Biology 7B.md',
    originalFilename: 'Biology 7B.md',
  });
  const list = page.getByRole('list', { name: 'Units' });
  await expect(page.getByRole('status')).toHaveText('Writing questions: 1 of 3 units ready');
  await expect(list.getByRole('listitem')).toHaveText([
    /Chapter 1: Cells\s*10 questions/,
    /Chapter 2: Energy\s*Processing/,
    /Chapter 3: Genetics\s*Processing/,
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/classes-curriculum.png' });

  // Every unit has its questions: the space opens with its decks, ready to be made a class.
  await expect(page).toHaveURL(new RegExp(`/space/${space._id}$`), { timeout: 15_000 });
  for (const unit of units) await expect(page.getByText(unit.title).first()).toBeVisible();
  await page.getByRole('button', { name: 'Make this space a class' }).click();
  await expect(page.getByLabel('Join code')).toHaveText('H7K2P');
});

test('a failed split says why and offers another file', async ({ page }) => {
  const { decks, classes, install } = await setUp(page);
  const space = decks.addSpace('Empty notes');
  const failed = {
    success: true as const,
    space: { ...space, decks: [] },
    curriculum: {
      status: 'failed' as const,
      error: 'This file is empty (0 bytes).',
      originalFilename: 'empty.docx',
    },
    decks: [],
  };
  classes.curriculum = { answer: failed, stages: [failed] };
  await install();
  await page.goto(`/classes/new?space=${space._id}`);
  await expect(page.getByRole('alert')).toHaveText('This file is empty (0 bytes).');
  await page.getByRole('link', { name: 'Try another file' }).click();
  await expect(page.getByLabel('Course material')).toBeVisible();
});
