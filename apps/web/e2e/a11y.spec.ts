import { expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './axe';

// Lazy route chunks can take a while on a loaded machine; the conditions stay the same.
const expect = baseExpect.configure({ timeout: 15_000 });

// Every public page (spec 01 §2.1) and the desktop-advice page pass axe-core with no serious or
// critical violation (WCAG 2.x A and AA rules).

const PUBLIC_PAGES = [
  '/',
  '/info',
  '/plans',
  '/affiliate',
  '/mobile-invite',
  '/terms',
  '/privacy',
  '/reset-password',
  '/reset-password?token=not-a-real-token',
  '/help',
  '/feedback',
];

// axe reads the whole page; on a busy machine that takes a while.
test.describe.configure({ timeout: 120_000 });

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the desktop-advice page on a phone has no serious accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Mnemo works best on a computer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the landing page on a phone with the menu open has no serious accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});
