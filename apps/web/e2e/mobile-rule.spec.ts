import { expect as baseExpect, test, type Page } from '@playwright/test';
import { answerAs } from './fake-calls';
import { failure } from './fake-deck-api';

// Lazy route chunks can take a while on a loaded machine; the conditions stay the same.
const expect = baseExpect.configure({ timeout: 15_000 });

// Spec 01 §2.3: a phone (by user agent) or a window 768 px wide or less sees the desktop-advice
// page on every route but the public ones; §4.6: the advice page's send-link form.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ADVICE = 'Mnemo works best on a computer';

const PUBLIC_ROUTES: ReadonlyArray<[string, string | RegExp]> = [
  ['/', 'Turn any content into'],
  ['/info', 'Turn any content into'],
  ['/plans', 'Plans'],
  ['/affiliate', 'Affiliate Program'],
  ['/mobile-invite', ADVICE],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/reset-password', /reset link|Reset/i],
];

const advice = (page: Page) => page.getByRole('heading', { name: ADVICE });

test.describe('by user agent', () => {
  test.use({ userAgent: IPHONE_UA, viewport: { width: 1280, height: 800 } });

  for (const path of ['/create-flashcards', '/library', '/explore', '/settings', '/help']) {
    test(`a phone at ${path} sees the desktop advice, whatever the width`, async ({ page }) => {
      await page.goto(path);
      await expect(advice(page)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  for (const [path, heading] of PUBLIC_ROUTES) {
    test(`a phone may use ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    });
  }
});

test.describe('by width', () => {
  test('768 px is mobile', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/create-flashcards');
    await expect(advice(page)).toBeVisible();
  });

  test('769 px is not', async ({ page }) => {
    await page.setViewportSize({ width: 769, height: 900 });
    await page.goto('/create-flashcards');
    await expect(page.getByRole('heading', { name: 'Create Flashcards' })).toBeVisible();
    await expect(advice(page)).toHaveCount(0);
  });

  test('public pages stay available in a narrow window', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    for (const [path, heading] of PUBLIC_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    }
  });
});

test.describe('mobile-invite form', () => {
  test.use({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });

  test('sends nothing while empty, then shows sending and sent', async ({ page }) => {
    const bodies: unknown[] = [];
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/mobile/send-link', async (route) => {
      bodies.push(route.request().postDataJSON());
      await answered;
      await answerAs(route, 'POST /mobile/send-link', { success: true });
    });
    await page.goto('/library');
    await expect(advice(page)).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    await page.getByRole('button', { name: 'Send me a link' }).click();
    // The browser's own validation stops the empty form; nothing went out.
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    await email.fill('learner@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer();
    await expect(page.getByRole('status')).toHaveText(
      'Link sent. Check your inbox on your computer.',
    );
    expect(bodies).toEqual([{ email: 'learner@example.com' }]);
  });

  test('a failed send is only logged and the form stays', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route('**/api/mobile/send-link', failure(500, 'INTERNAL', 'Mail is down'));
    await page.goto('/mobile-invite');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('learner@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => warnings.some((w) => w.includes('desktop link'))).toBe(true);
    await expect(page.getByRole('button', { name: 'Send me a link' })).toBeEnabled();
    await expect(email).toHaveValue('learner@example.com');
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('whitespace alone counts as empty', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/mobile/send-link', (route) => {
      calls += 1;
      return answerAs(route, 'POST /mobile/send-link', { success: true });
    });
    await page.goto('/mobile-invite');
    await page.getByRole('textbox', { name: 'Email' }).evaluate((el: HTMLInputElement) => {
      // Bypass the browser's validation to reach the form's own check.
      el.closest('form')?.setAttribute('novalidate', '');
    });
    await page.getByRole('textbox', { name: 'Email' }).fill('   ');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('button', { name: 'Send me a link' })).toBeEnabled();
    expect(calls).toBe(0);
  });
});
