import { expect, test, type Page, type Route } from '@playwright/test';
import type { ErrorCode } from '@mnemo/contracts/errors';
import type { RouteResponse } from '@mnemo/contracts/routes';
import { answerAs } from './fake-calls';
import { FakeDeckApi, USER, failure as deckFailure } from './fake-deck-api';

// The settings page, the upgrade dialog and the demo checkout / portal pages (spec 01 §2.5, §2.10,
// §4.4, §8, §9) against payment answers played with page.route in the wire format of
// @mnemo/contracts/api/payment, each successful answer typed by its call's contract (`answerAs`).
// The real billing service is driven by full-stack/billing-demo.spec.ts.

type Usage = RouteResponse<'GET /payment/usage'>;

function usage(over: Partial<Usage> = {}): Usage {
  return {
    success: true,
    hasActiveSubscription: false,
    subscriptionStatus: 'free',
    currentUsageMB: 12.5,
    limitMB: 60,
    remainingMB: 47.5,
    usagePercentage: 20.83,
    resetDate: '2026-12-01T00:00:00.000Z',
    ...over,
  };
}

const failure = (status: number, error: string, code: ErrorCode = 'INTERNAL') =>
  deckFailure(status, code, error);

/**
 * A signed-in user and the payment calls. `answer` is read at each call, so a test can change what
 * the next GET /payment/usage says.
 */
async function playBilling(page: Page, first: Usage | ((route: Route) => Promise<void>)) {
  const state = { answer: first, usageCalls: 0, checkoutBodies: [] as unknown[] };
  await page.route('**/api/auth/me', (route) =>
    answerAs(route, 'GET /auth/me', { success: true, user: USER }),
  );
  await page.route('**/api/spaces', (route) =>
    answerAs(route, 'GET /spaces', { success: true, data: [] }),
  );
  await page.route('**/api/payment/usage', (route) => {
    state.usageCalls += 1;
    const answer = state.answer;
    return typeof answer === 'function'
      ? answer(route)
      : answerAs(route, 'GET /payment/usage', answer);
  });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', 'test-token');
      sessionStorage.setItem('seeded', '1');
    }
  });
  return state;
}

const statusBadge = (page: Page) => page.locator('.billing-card .status-badge');
const usageBar = (page: Page) => page.getByRole('progressbar', { name: 'Monthly usage' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const tryScholar = (page: Page) => sidebar(page).getByRole('button', { name: /Try Scholar/ });

test.describe('settings page', () => {
  const statuses = [
    {
      status: 'active',
      line: 'Status: Active Scholar plan',
      paying: true,
      label: 'Active',
      tone: 'green',
      action: 'Manage Subscription',
    },
    {
      status: 'trialing',
      line: 'Status: Free Trial Scholar plan',
      paying: true,
      label: 'Free Trial',
      tone: 'blue',
      action: 'Manage Subscription',
    },
    {
      status: 'past_due',
      line: 'Status: Payment Due',
      paying: false,
      label: 'Payment Due',
      tone: 'yellow',
      action: 'Manage Subscription',
    },
    {
      status: 'canceled',
      paying: false,
      label: 'Canceled',
      tone: 'red',
      action: 'Upgrade',
      line: 'Status: Canceled Free plan',
    },
    // The badge says the plan: it is not said twice (issue 18.4).
    {
      status: 'free',
      paying: false,
      label: 'Free Plan',
      tone: 'neutral',
      action: 'Upgrade',
      line: 'Status: Free Plan',
    },
  ] as const;
  for (const s of statuses) {
    test(`shows ${s.status} as '${s.label}' (${s.tone}) with '${s.action}'`, async ({ page }) => {
      await playBilling(
        page,
        usage({ subscriptionStatus: s.status, hasActiveSubscription: s.paying }),
      );
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(statusBadge(page)).toHaveText(s.label);
      await expect(statusBadge(page)).toHaveAttribute('data-tone', s.tone);
      await expect(page.locator('.billing-card .billing-row p')).toHaveText(s.line);
      await expect(page.getByRole('button', { name: s.action, exact: true })).toBeVisible();
      if (s.paying) await expect(sidebar(page).getByText('Scholar', { exact: true })).toBeVisible();
      else await expect(tryScholar(page)).toContainText('Free plan');
    });
  }

  test('shows usage, the remaining allowance and the reset date, and goes back to creation', async ({
    page,
  }) => {
    await playBilling(page, usage());
    await page.goto('/settings');
    await expect(page.getByText('12.5 MB of 60 MB used')).toBeVisible();
    await expect(usageBar(page)).toHaveAttribute('data-tone', 'green');
    await expect(usageBar(page)).toHaveAttribute('aria-valuenow', '21');
    await expect(page.locator('.demo-facts')).toContainText('Remaining47.5 MB');
    await expect(page.locator('.demo-facts')).toContainText(
      /Resets on(December 1, 2026|1 December 2026)/,
    );
    await page.getByRole('link', { name: /Back/ }).click();
    await expect(page).toHaveURL(/\/create-flashcards$/);
  });

  test("shows 'Unlimited' and GB above 1000 MB for a Scholar, without a bar", async ({ page }) => {
    await playBilling(
      page,
      usage({
        subscriptionStatus: 'active',
        hasActiveSubscription: true,
        currentUsageMB: 1536,
        limitMB: null,
        remainingMB: null,
        usagePercentage: 0,
      }),
    );
    await page.goto('/settings');
    await expect(page.getByText('1.5 GB of Unlimited used')).toBeVisible();
    await expect(page.locator('.demo-facts')).toContainText('LimitUnlimited');
    await expect(page.locator('.demo-facts')).toContainText('RemainingUnlimited');
    await expect(usageBar(page)).toHaveCount(0);
  });

  const thresholds = [
    { used: 41.9, percent: 69.83, tone: 'green', width: '69.83%' },
    { used: 42, percent: 70, tone: 'yellow', width: '70%' },
    { used: 54, percent: 90, tone: 'red', width: '90%' },
    { used: 75, percent: 100, tone: 'red', width: '100%' },
  ];
  for (const t of thresholds) {
    test(`colours the bar ${t.tone} at ${t.percent}% and caps its width`, async ({ page }) => {
      await playBilling(
        page,
        usage({
          currentUsageMB: t.used,
          usagePercentage: t.percent,
          remainingMB: Math.max(0, 60 - t.used),
        }),
      );
      await page.goto('/settings');
      await expect(usageBar(page)).toHaveAttribute('data-tone', t.tone);
      await expect(usageBar(page).locator('span')).toHaveAttribute('style', `width: ${t.width};`);
    });
  }

  test('after a successful payment it says so, reloads usage after 2 s and updates the sidebar', async ({
    page,
  }) => {
    const trial = usage({
      subscriptionStatus: 'trialing',
      hasActiveSubscription: true,
      limitMB: null,
      remainingMB: null,
      usagePercentage: 0,
    });
    // The sidebar's and the page's first loads find the free plan; the webhook reaches the server
    // after that, so the reload 2 s later finds the trial.
    const billing = await playBilling(page, (route) =>
      answerAs(route, 'GET /payment/usage', billing.usageCalls <= 2 ? usage() : trial),
    );
    await page.goto('/settings?payment=success');
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toHaveText(
      /Payment successful! Your subscription is now active\./,
    );
    await expect(statusBadge(page)).toHaveText('Free Trial', { timeout: 10_000 });
    expect(billing.usageCalls).toBeGreaterThanOrEqual(3);
    await expect(sidebar(page).getByText('Scholar', { exact: true })).toBeVisible();
    await expect(tryScholar(page)).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('subscriptionStatus'))).toBe('true');
  });

  test('after a canceled payment it says one can try again', async ({ page }) => {
    await playBilling(page, usage());
    await page.goto('/settings?payment=canceled');
    await expect(page.getByText('Payment was canceled. You can try again anytime.')).toBeVisible();
    await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Payment was canceled.')).toHaveCount(0);
  });

  test('falls back to the free 60 MB plan under a dismissible error when usage fails', async ({
    page,
  }) => {
    await playBilling(page, failure(500, 'Internal server error'));
    await page.goto('/settings');
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to fetch usage data' });
    await expect(banner).toBeVisible();
    await expect(statusBadge(page)).toHaveText('Free Plan');
    await expect(page.getByText('0 MB of 60 MB used')).toBeVisible();
    await expect(page.locator('.demo-facts')).toContainText('Remaining60 MB');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeVisible();
  });

  test("says 'Authentication required' when the server refuses the caller", async ({ page }) => {
    await playBilling(page, failure(401, 'Authentication required', 'UNAUTHENTICATED'));
    await page.goto('/settings');
    await expect(page.getByRole('alert')).toContainText('Authentication required');
  });

  test('shows the checkout and portal failures in the banner and keeps the page', async ({
    page,
  }) => {
    const billing = await playBilling(page, usage());
    await page.route('**/api/payment/create-checkout-session', failure(500, 'Stripe is down'));
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText(/Failed to create checkout session/);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);

    billing.answer = usage({ subscriptionStatus: 'active', hasActiveSubscription: true });
    await page.route('**/api/payment/create-billing-portal', failure(502, 'Bad gateway'));
    await page.reload();
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Failed to create billing portal session/);
    await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
  });

  test('Manage Subscription opens the portal the server answers (the demo portal) and cancels there', async ({
    page,
    baseURL,
  }) => {
    const billing = await playBilling(
      page,
      usage({
        subscriptionStatus: 'trialing',
        hasActiveSubscription: true,
        limitMB: null,
        remainingMB: null,
        usagePercentage: 0,
      }),
    );
    await page.route('**/api/payment/create-billing-portal', (route) =>
      answerAs(route, 'POST /payment/create-billing-portal', {
        success: true,
        portalUrl: `${baseURL}/billing/demo-portal`,
      }),
    );
    const subscription: RouteResponse<'GET /payment/demo/subscription'> = {
      success: true,
      subscriptionStatus: 'trialing',
      trialEnd: '2026-12-07T19:00:00.000Z',
      currentPeriodEnd: '2026-12-07T19:00:00.000Z',
      cancelAtPeriodEnd: false,
    };
    await page.route('**/api/payment/demo/subscription', (route) =>
      answerAs(route, 'GET /payment/demo/subscription', subscription),
    );
    let cancels = 0;
    await page.route('**/api/payment/demo/subscription/cancel', (route) => {
      cancels += 1;
      return cancels === 1
        ? failure(500, 'boom')(route)
        : answerAs(route, 'POST /payment/demo/subscription/cancel', {
            ...subscription,
            subscriptionStatus: 'canceled',
            trialEnd: null,
            currentPeriodEnd: null,
          });
    });

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await expect(page).toHaveURL(/\/billing\/demo-portal$/);
    await expect(page.getByRole('note')).toHaveText('Demo billing portal — no payment is taken');
    await expect(page.locator('.demo-facts')).toContainText('StatusFree Trial');
    await expect(page.locator('.demo-facts')).toContainText(
      /Trial ends(December 7, 2026|7 December 2026)/,
    );

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm cancellation' });
    await confirm.getByRole('button', { name: 'Keep subscription' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Could not cancel the subscription. Please try again.',
    );
    await expect(page.locator('.demo-facts')).toContainText('StatusFree Trial');
    billing.answer = usage({ subscriptionStatus: 'canceled' });
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.locator('.demo-facts')).toContainText('StatusCanceled');
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    await expect(tryScholar(page)).toBeVisible();

    await page.getByRole('link', { name: 'Return to Mnemo' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(statusBadge(page)).toHaveText('Canceled');
  });
});

test.describe('upgrade dialog', () => {
  test("offers Monthly at $12 with Annual 'Coming Soon', and starts the trial through the demo checkout", async ({
    page,
    baseURL,
  }) => {
    const billing = await playBilling(page, usage());
    await page.addInitScript(() => {
      (window as unknown as { mnemoReferral?: string }).mnemoReferral = 'friend-42';
    });
    await page.route('**/api/payment/create-checkout-session', (route) => {
      billing.checkoutBodies.push(route.request().postDataJSON());
      return answerAs(route, 'POST /payment/create-checkout-session', {
        success: true,
        checkoutUrl: `${baseURL}/billing/demo-checkout?session=cs_1`,
      });
    });
    await page.route('**/api/payment/demo/checkout/cs_1', (route) =>
      answerAs(route, 'GET /payment/demo/checkout/:sessionId', {
        success: true,
        session: {
          id: 'cs_1',
          planName: 'Scholar',
          priceMonthlyUSD: 12,
          trialDays: 14,
          expiresAt: '2026-11-24T19:00:00.000Z',
        },
      }),
    );
    let completes = 0;
    await page.route('**/api/payment/demo/checkout/cs_1/complete', (route) => {
      completes += 1;
      return completes === 1
        ? failure(409, 'This checkout session has expired', 'CONFLICT')(route)
        : answerAs(route, 'POST /payment/demo/checkout/:sessionId/complete', {
            success: true,
            subscriptionStatus: 'trialing',
          });
    });

    await page.goto('/library');
    await tryScholar(page).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(dialog).toBeVisible();
    const period = dialog.getByRole('group', { name: 'Billing period' });
    await expect(period.getByRole('button', { name: 'Monthly' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const annual = period.getByRole('button', { name: /Annual/ });
    await expect(annual).toBeDisabled();
    await expect(annual).toContainText('Save 33%');
    await expect(annual).toContainText('Coming Soon');
    await expect(dialog.locator('.upgrade-price')).toHaveText('$12/month');
    await expect(dialog.getByRole('list', { name: 'Scholar features' })).toContainText(
      'Unlimited PDFs up to 25 MB',
    );
    await expect(dialog.getByRole('list', { name: 'Scholar features' })).toContainText(
      'Unlimited AI use',
    );

    await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/billing\/demo-checkout\?session=cs_1$/);
    expect(billing.checkoutBodies).toEqual([{ referralCode: 'friend-42' }]);
    await expect(page.getByRole('note')).toHaveText('Demo checkout — no payment is taken');
    await expect(page.getByRole('region', { name: 'Plan summary' })).toContainText('$12/month');
    await expect(page.getByRole('region', { name: 'Plan summary' })).toContainText('14 days');

    await page.getByRole('button', { name: 'Start 14-day free trial' }).click();
    await expect(page.getByRole('alert')).toHaveText('This checkout session has expired');
    billing.answer = usage({
      subscriptionStatus: 'trialing',
      hasActiveSubscription: true,
      limitMB: null,
      remainingMB: null,
      usagePercentage: 0,
    });
    await page.getByRole('button', { name: 'Start 14-day free trial' }).click();
    await expect(page).toHaveURL(/\/settings\?payment=success$/);
    await expect(
      page.getByText('Payment successful! Your subscription is now active.'),
    ).toBeVisible();
    await expect(statusBadge(page)).toHaveText('Free Trial');
    await expect(sidebar(page).getByText('Scholar', { exact: true })).toBeVisible();
  });

  test('shows a failed checkout in the dialog and lets the user try again', async ({ page }) => {
    await playBilling(page, usage());
    await page.route(
      '**/api/payment/create-checkout-session',
      failure(500, 'Internal server error'),
    );
    await page.goto('/settings');
    await tryScholar(page).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to create checkout session');
    await expect(dialog.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("the demo checkout's Cancel returns to settings with the canceled banner", async ({
    page,
  }) => {
    await playBilling(page, usage());
    await page.route('**/api/payment/demo/checkout/cs_2', (route) =>
      answerAs(route, 'GET /payment/demo/checkout/:sessionId', {
        success: true,
        session: {
          id: 'cs_2',
          planName: 'Scholar',
          priceMonthlyUSD: 12,
          trialDays: 14,
          expiresAt: '2026-11-24T19:00:00.000Z',
        },
      }),
    );
    await page.goto('/billing/demo-checkout?session=cs_2');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/settings\?payment=canceled$/);
    await expect(page.getByText('Payment was canceled. You can try again anytime.')).toBeVisible();
  });

  test('a demo checkout that cannot be found says why and links back to settings', async ({
    page,
  }) => {
    await playBilling(page, usage());
    await page.route(
      '**/api/payment/demo/checkout/gone',
      failure(404, 'Checkout session not found', 'NOT_FOUND'),
    );
    await page.goto('/billing/demo-checkout?session=gone');
    await expect(page.getByRole('alert')).toHaveText('Checkout session not found');
    await expect(page.getByRole('link', { name: 'Back to settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    await page.goto('/billing/demo-checkout');
    await expect(page.getByRole('alert')).toHaveText('This checkout link is incomplete.');
  });

  test("the limit-reached dialog's Upgrade opens it", async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    await api.install(page);
    await page.route(
      (url) => url.pathname === '/api/spaces',
      (route) =>
        route.request().method() === 'POST'
          ? deckFailure(402, 'LIMIT_REACHED', 'You have reached the limit of 5 study spaces', {
              limitReached: true,
            })(route)
          : route.fallback(),
    );
    await page.goto('/create-flashcards?new-space=true');
    await page.getByRole('textbox', { name: 'Link' }).fill('example.org/cells');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('textbox', { name: 'New space name' }).fill('Sixth space');
    await page.getByRole('button', { name: 'Create Cards' }).click();
    const limit = page.getByRole('dialog', { name: 'Upgrade to Scholar' });
    await expect(limit).toContainText('You have reached the limit of 5 study spaces');
    await limit.getByRole('button', { name: 'Upgrade' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(upgrade.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
    await expect(limit).toHaveCount(0);
  });
});
