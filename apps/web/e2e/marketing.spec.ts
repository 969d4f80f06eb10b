import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { answerAs } from './fake-calls';
import { USER, failure } from './fake-deck-api';

// Lazy route chunks can take a while on a loaded machine; the conditions stay the same.
const expect = baseExpect.configure({ timeout: 15_000 });

// The public site (spec 01 §2.4, §2.12), in the preview project: the built app, no API needed.
// Timers run on Playwright's clock: the tests stop it once the page is up and move it on by hand,
// so nothing here waits for real seconds.

const PHRASES = [
  'Active Learning',
  'Interactive Notes',
  'Recall Exercises',
  'Engaging Conversations',
  'Smart Flashcards',
  'Collaborative Study',
];

/** Loads `path` with a fake clock, then stops the clock so timers only fire when a test says. */
async function openWithPausedClock(page: Page, path: string, ready: Locator) {
  await page.clock.install();
  await page.goto(path);
  await expect(ready).toBeVisible();
  // The clock runs in real time until the pause lands. On a loaded machine more than the margin can
  // pass between reading the page's time and the pause arriving, and Playwright refuses to pause in
  // the past ("Cannot fast-forward to the past", seen in CI): read the time again and retry.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1000 * attempt);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

test.describe('landing hero', () => {
  test('rotates the phrases in order every 5000 ms, wraps, and nothing moves', async ({ page }) => {
    test.setTimeout(90_000);
    const title = page.getByRole('heading', { level: 1 });
    await openWithPausedClock(page, '/', title);
    const cta = page.getByRole('link', { name: 'Start Learning Smarter' }).first();
    const titleBox = await box(title);
    const ctaBox = await box(cta);

    // Find a change to within 100 ms (1000 ms steps, then 100 ms steps), then time the next ones.
    // The pause may land after the first change on a slow machine, so count from where it stopped.
    const phraseIndex = () =>
      page.locator('.hero-phrase-slot').getAttribute('data-phrase-index').then(Number);
    const start = await phraseIndex();
    const at = (k: number) => PHRASES[(start + k) % PHRASES.length] ?? '';
    // The first phrase when the pause landed in time (the usual case), else the one it stopped on.
    await expect(title).toHaveAccessibleName(`Turn any content into ${at(0)}`);
    let seen = start;
    for (let step = 0; step < 6 && seen === start; step++) {
      await page.clock.runFor(1000);
      seen = await phraseIndex();
    }
    expect(seen).toBe((start + 1) % PHRASES.length);
    await page.clock.runFor(4000);
    for (let step = 0; step < 11 && seen === (start + 1) % PHRASES.length; step++) {
      await page.clock.runFor(100);
      seen = await phraseIndex();
    }
    await expect(title).toHaveAccessibleName(`Turn any content into ${at(2)}`);

    // The rest of the cycle and a wrap past the first phrase.
    for (const phrase of [3, 4, 5, 6, 7].map(at)) {
      await page.clock.runFor(4850);
      await expect(title).not.toHaveAccessibleName(`Turn any content into ${phrase}`);
      await page.clock.runFor(150);
      await expect(title).toHaveAccessibleName(`Turn any content into ${phrase}`);
      // No layout shift: the headline and the call to action keep their place and size.
      expect(await box(title)).toEqual(titleBox);
      expect(await box(cta)).toEqual(ctaBox);
    }
  });

  test('has the Beta badge, the demo video and the four sections with their ids', async ({
    page,
  }) => {
    await page.goto('/info');
    await expect(page.getByText('currently in')).toContainText('Beta');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('width', '960');
    await expect(video).toHaveAttribute('height', '600');
    await expect(video).toHaveAttribute('poster', /\.webp$/);
    const flags = await video.evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      loop: v.loop,
      autoplay: v.autoplay,
      playsInline: v.playsInline,
    }));
    expect(flags).toEqual({ muted: true, loop: true, autoplay: true, playsInline: true });
    const ids = await page
      .locator('section.landing-section[id]')
      .evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(['process', 'flashcards', 'community', 'schools', 'privacy']);
    for (const [id, name] of [
      ['process', 'Interactive Notes'],
      ['flashcards', 'Active Recall'],
      ['community', 'Consistent Learning'],
      ['schools', 'Transforming Education'],
    ] as const) {
      await expect(
        page.locator(`#${id}`).getByRole('region', { name, exact: true }),
      ).toHaveAttribute('aria-roledescription', 'carousel');
    }
    await expect(page.getByRole('heading', { name: 'What learners say' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to learn smarter?' })).toBeVisible();
    await expect(page.getByText('Current Status: Beta')).toBeVisible();
  });
});

test.describe('landing carousel', () => {
  const carousel = (page: Page) =>
    page.getByRole('region', { name: 'Interactive Notes', exact: true });
  const dot = (page: Page, n: number) =>
    carousel(page).getByRole('button', { name: new RegExp(`^Slide ${n} of 3:`) });
  const current = (page: Page) =>
    carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');

  test('moves with Left/Right, loops, jumps with Home/End and toggles with Space', async ({
    page,
  }) => {
    await openWithPausedClock(page, '/', carousel(page));
    await carousel(page).focus();
    await expect(current(page)).toHaveAccessibleName('1 of 3: Add any source');

    await page.keyboard.press('ArrowRight');
    await expect(current(page)).toHaveAccessibleName('2 of 3: Summary and key points');
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(current(page)).toHaveAccessibleName('3 of 3: Cards from your material');
    await page.keyboard.press('ArrowRight');
    await expect(current(page)).toHaveAccessibleName('1 of 3: Add any source');
    await page.keyboard.press('End');
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Home');
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    await page.keyboard.press('Space');
    await expect(carousel(page)).toHaveAttribute('data-playing', 'false');
    await expect(carousel(page).getByRole('button', { name: /^Play/ })).toBeVisible();
    // Paused: the slide text is announced politely when the visitor moves.
    await expect(carousel(page).locator('.carousel-viewport')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await page.clock.runFor(30_000);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Space');
    await expect(carousel(page)).toHaveAttribute('data-playing', 'true');
  });

  test('buttons and dots move the carousel', async ({ page }) => {
    await openWithPausedClock(page, '/', carousel(page));
    await carousel(page).getByRole('button', { name: 'Next slide' }).click();
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await carousel(page).getByRole('button', { name: 'Previous slide' }).click();
    await carousel(page).getByRole('button', { name: 'Previous slide' }).click();
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
    await dot(page, 2).click();
    await expect(current(page)).toHaveAccessibleName('2 of 3: Summary and key points');
    await expect(carousel(page).locator('.carousel-track')).toHaveCSS(
      'transition-duration',
      '0.8s',
    );
  });

  test('plays each slide for its own duration with a progress dot', async ({ page }) => {
    await openWithPausedClock(page, '/', carousel(page));
    await carousel(page).focus();
    await page.keyboard.press('Home'); // restarts the first slide's 8000 ms
    await page.clock.runFor(4000);
    const progress = Number(
      await dot(page, 1).locator('.carousel-dot-fill').getAttribute('data-progress'),
    );
    expect(progress).toBeGreaterThan(0.48);
    expect(progress).toBeLessThan(0.51);
    await page.clock.runFor(3900);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(200);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    // The second slide plays 12000 ms.
    await page.clock.runFor(11_800);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(300);
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
  });

  test('pauses while the tab is hidden and resumes 100 ms after it is visible', async ({
    page,
  }) => {
    await openWithPausedClock(page, '/', carousel(page));
    await carousel(page).focus();
    await page.keyboard.press('Home');
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        Object.defineProperty(document, 'hidden', { value: s === 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);

    await page.clock.runFor(1000);
    await setVisibility('hidden');
    await page.clock.runFor(60_000);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    await setVisibility('visible');
    await page.clock.runFor(90);
    await expect(carousel(page)).toHaveAttribute('data-suspended', 'true');
    await page.clock.runFor(20);
    await expect(carousel(page)).toHaveAttribute('data-suspended', 'false');
    // About 1000 ms of the 8000 were played before the tab was hidden.
    await page.clock.runFor(6800);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(400);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('public top bar', () => {
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const link = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true });

  /** Scrolls so the element's top edge is `offset` px from the top of the window. */
  const putTopAt = (page: Page, id: string, offset: number) =>
    page.evaluate(
      ([elementId, px]) => {
        const el = document.getElementById(elementId as string);
        if (!el) throw new Error(`no #${elementId}`);
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - (px as number));
      },
      [id, offset] as const,
    );

  test('the active link follows the section under the line 200 px from the top', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(link(page, 'Features')).toHaveClass(/active/);
    await putTopAt(page, 'schools', 201);
    await expect(link(page, 'Features')).toHaveClass(/active/);
    await expect(link(page, 'Schools')).not.toHaveClass(/active/);
    await putTopAt(page, 'schools', 199);
    await expect(link(page, 'Schools')).toHaveClass(/active/);
    await expect(link(page, 'Features')).not.toHaveClass(/active/);
    await putTopAt(page, 'privacy', 150);
    await expect(link(page, 'Features')).toHaveClass(/active/);

    await page.goto('/plans');
    await expect(link(page, 'Plans')).toHaveClass(/active/);
    await putTopAt(page, 'schools', 100);
    await expect(link(page, 'Schools')).toHaveClass(/active/);
    await putTopAt(page, 'educators', 100);
    await expect(link(page, 'Plans')).toHaveClass(/active/);
  });

  test('Schools from another page opens the plans page and scrolls there after 100 ms', async ({
    page,
  }) => {
    await openWithPausedClock(page, '/affiliate', page.getByRole('heading', { level: 1 }));
    await link(page, 'Schools').click();
    await expect(page).toHaveURL(/\/plans#schools$/);
    const schools = page.getByRole('heading', { name: 'Schools', exact: true });
    await expect(schools).toBeAttached();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(100);
    await expect(schools).toBeInViewport();
    await page.clock.resume();
    await expect(link(page, 'Schools')).toHaveClass(/active/);
  });

  test('a URL hash on the plans page scrolls to its section', async ({ page }) => {
    await page.goto('/plans#faq');
    await expect(page.getByRole('heading', { name: 'FAQ' })).toBeInViewport();
  });

  test('the menu toggle appears below 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(link(page, 'Plans')).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await link(page, 'Plans').click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(link(page, 'Plans')).toBeHidden();

    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(link(page, 'Plans')).toBeVisible();
  });

  test('on mobile the bar hides once scrolled more than 50 px', async ({ page }) => {
    await page.setViewportSize({ width: 500, height: 800 });
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar).toHaveAttribute('data-hidden', 'false');
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(bar).toHaveAttribute('data-hidden', 'false');
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(bar).toHaveAttribute('data-hidden', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveAttribute('data-hidden', 'false');
  });

  test('on a desktop the bar stays when scrolled', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole('banner')).toHaveAttribute('data-hidden', 'false');
  });
});

test.describe('plans, affiliate and legal pages', () => {
  test('the plans page shows both plans, the annual price as coming soon and a mailto for schools', async ({
    page,
  }) => {
    await page.goto('/plans');
    const scholar = page.getByRole('region', { name: 'Scholar' });
    await expect(scholar).toContainText('$12/month');
    await expect(scholar).toContainText('$8/month, $96 billed yearly');
    await expect(scholar).toContainText('Coming Soon');
    await expect(page.getByRole('region', { name: 'Free' })).toContainText('5 study spaces');
    await expect(page.getByRole('button', { name: /Annual/ })).toBeDisabled();
    for (const name of ['Schools', 'Educators', 'Privacy', 'FAQ']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole('link', { name: 'Contact us about a school partnership' }),
    ).toHaveAttribute('href', /^mailto:/);
  });

  test("a visitor without an account is asked to sign up before Scholar's checkout", async ({
    page,
  }) => {
    let checkoutCalls = 0;
    await page.route('**/api/payment/create-checkout-session', (route) => {
      checkoutCalls += 1;
      return failure(401, 'UNAUTHENTICATED', 'Authentication required')(route);
    });
    await page.goto('/plans');
    await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an Account' })).toBeVisible();
    expect(checkoutCalls).toBe(0);
  });

  test('a signed-in visitor starts the checkout from the Scholar card', async ({ page }) => {
    await page.route('**/api/auth/me', (route) =>
      answerAs(route, 'GET /auth/me', { success: true, user: USER }),
    );
    await page.route('**/api/payment/create-checkout-session', (route) =>
      answerAs(route, 'POST /payment/create-checkout-session', {
        success: true,
        checkoutUrl: new URL('/plans?checkout=played', page.url()).href,
      }),
    );
    await page.addInitScript(() => localStorage.setItem('token', 'test-token'));
    await page.goto('/plans');
    await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
    await expect(page).toHaveURL(/checkout=played/);
  });

  test('the affiliate page states the commission and links to the portal', async ({ page }) => {
    await page.goto('/affiliate');
    await expect(page.getByRole('main')).toContainText('up to 30% commission, paid monthly');
    await expect(page.getByRole('link', { name: 'Join the Affiliate Program' })).toHaveAttribute(
      'href',
      /^https?:\/\//,
    );
  });

  test('terms and privacy state the facts and link back to /info', async ({ page }) => {
    await page.goto('/terms');
    const main = page.getByRole('main');
    await expect(main).toContainText('You must be 13 or older');
    await expect(main).toContainText(
      'from 13 to 17 need the consent of a parent, guardian or school',
    );
    await expect(main).toContainText('the fees you paid us in the 12 months before the claim');
    await page.getByRole('link', { name: '← Back to Mnemo' }).click();
    await expect(page).toHaveURL(/\/info$/);

    await page.goto('/privacy');
    await expect(main).toContainText('within 30 days');
    await expect(main).toContainText('never used to train AI models');
    await expect(page.getByRole('link', { name: '← Back to Mnemo' })).toHaveAttribute(
      'href',
      '/info',
    );
  });

  test('the footer links to help and feedback', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    await footer.getByRole('link', { name: 'Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', /^mailto:/);
  });
});
