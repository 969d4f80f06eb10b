import { expect, test, type Page } from '@playwright/test';
import { answerAs } from './fake-calls';
import { FakeDeckApi, FREE_USAGE, USER } from './fake-deck-api';

const SPACE_ID = '7c1e4b2a-9d3f-4e8a-b5c6-0f1a2b3c4d5e';

/** Plays the API for a signed-in visitor: a stored token that /auth/me accepts, and one space. */
async function signInWithFakeApi(page: Page) {
  await page.route('**/api/auth/me', (route) =>
    answerAs(route, 'GET /auth/me', { success: true, user: USER }),
  );
  await page.route('**/api/spaces', (route) =>
    answerAs(route, 'GET /spaces', {
      success: true,
      data: [{ _id: SPACE_ID, title: 'biology basics', description: '', decks: [] }],
    }),
  );
  await page.route('**/api/payment/usage', (route) =>
    answerAs(route, 'GET /payment/usage', FREE_USAGE),
  );
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', 'test-token');
      sessionStorage.setItem('seeded', '1');
    }
  });
}

test.describe('anonymous visitor', () => {
  test('the landing page loads with the hero and its call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn any content into');
    await expect(page.getByText('Beta', { exact: true })).toBeVisible();
    await expect(page.getByText('Current Status: Beta')).toBeVisible();
    await page.getByRole('link', { name: 'Start Learning Smarter' }).first().click();
    await expect(page).toHaveURL(/\/create-flashcards$/);
    await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
  });

  test('gets an anonymous session stored locally', async ({ page }) => {
    await page.goto('/create-flashcards');
    await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('anonymousSession') ?? 'null'),
    );
    expect(stored?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('is sent from /library to /create-flashcards', async ({ page }) => {
    await page.goto('/library');
    await expect(page).toHaveURL(/\/create-flashcards$/);
    await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
  });

  test('reaches /explore directly, but the sidebar Explore asks to sign in', async ({ page }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Explore' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find out more' })).toBeVisible();
    await expect(page.getByText('Free plan')).toBeVisible();
  });

  test('/create redirects to /create-flashcards', async ({ page }) => {
    await page.goto('/create');
    await expect(page).toHaveURL(/\/create-flashcards$/);
  });

  test('a stale token falls back to a guest session with a notice', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', 'stale-token');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/create-flashcards');
    await expect(page.getByText('Session expired. You can continue as a guest.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('shell', () => {
  test('remembers the collapsed sidebar across a reload', async ({ page }) => {
    await page.goto('/create-flashcards');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await page.reload();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.reload();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  });

  test('the public top bar links to the marketing pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Plans' }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await nav.getByRole('link', { name: 'Schools' }).click();
    await expect(page).toHaveURL(/\/plans#schools$/);
    await expect(page.getByRole('heading', { name: 'Schools' })).toBeInViewport();
    await nav.getByRole('link', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/create-flashcards$/);
  });
});

test.describe('mobile rule', () => {
  test.use({ viewport: { width: 500, height: 800 } });

  for (const path of ['/library', '/create-flashcards']) {
    test(`a narrow window at ${path} shows the desktop advice`, async ({ page }) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: 'Mnemo works best on a computer' }),
      ).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    });
  }

  test('public pages stay available and the empty form sends nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/mobile/send-link')) sent.push(r.postData() ?? '');
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn any content into');
    await page.goto('/mobile-invite');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    await page.getByRole('textbox', { name: 'Email' }).fill('me@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => sent).toEqual(['{"email":"me@example.com"}']);
    // The API is down: the failure is only logged and the form stays.
    await expect(page.getByRole('button', { name: 'Send me a link' })).toBeEnabled();
  });

  test('reacts to the window being resized', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/create-flashcards');
    await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(
      page.getByRole('heading', { name: 'Mnemo works best on a computer' }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
  });
});

test.describe('signed-in visitor', () => {
  test.beforeEach(async ({ page }) => signInWithFakeApi(page));

  test('sees the library, the spaces list and the user menu, and signs out', async ({ page }) => {
    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'Your Library' })).toBeVisible();
    const space = page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: /biology basics/ });
    await expect(space).toContainText('BI');
    await space.click();
    await expect(page).toHaveURL(new RegExp(`/space/${SPACE_ID}$`));
    await page.getByRole('button', { name: 'Ada' }).click();
    await expect(page.getByRole('menu')).toContainText('ada@example.com');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/create-flashcards$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('deck routes open the right tab', async ({ page }) => {
    // The deck area shows a deck only once it has loaded: a played deck service answers for it.
    const api = new FakeDeckApi({ signedIn: true });
    const deck = api.addDeck('Cell biology');
    await api.install(page);
    const id = deck._id;

    await page.goto(`/deck/${id}`);
    await expect(page).toHaveURL(new RegExp(`/deck/${id}/summary$`));
    await expect(page.getByRole('heading', { name: 'Summary', exact: true })).toBeVisible();

    await page.goto(`/deck/${id}/nonsense`);
    await expect(page).toHaveURL(new RegExp(`/deck/${id}/summary$`));

    await page.goto(`/deck/${id}?tab=edit&sourceFilter=src9`);
    await expect(page).toHaveURL(new RegExp(`/deck/${id}/edit\\?sourceFilter=src9$`));
    await expect(
      page.getByRole('heading', { name: /^Edit your (cards|questions)$/ }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Manage' }).click();
    await expect(page.getByRole('heading', { name: 'Project knowledge' })).toBeVisible();
    await page.getByRole('link', { name: 'Flashcards' }).click();
    await expect(page).toHaveURL(new RegExp(`/deck/${id}/flashcards$`));
  });
});
