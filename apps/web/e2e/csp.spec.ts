import { expect, test } from '@playwright/test';
import { WEB_CONTENT_SECURITY_POLICY } from '@mnemo/contracts/web-security';

// The built app under the Content-Security-Policy the gateway serves it with (vite preview sends
// the same headers, see vite.config.ts): no page may need anything the policy refuses.

const PAGES = ['/', '/plans', '/help', '/privacy', '/reset-password?token=t0ken', '/create-flashcards', '/explore'];

test('the app runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  // Violations also arrive as events in the page; collected before any script of the app runs.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toBe(WEB_CONTENT_SECURITY_POLICY);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.locator('#root > *').first()).toBeVisible({ timeout: 15_000 });
    // Lazy route chunks and their styles have loaded by now; give late effects a moment.
    await page.waitForLoadState('networkidle');
    const inPage = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(inPage, path).toEqual([]);
  }
  expect(violations).toEqual([]);
});
