import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedUp } from './api-account';

// Against the real Mnemo with demo billing (no Stripe variables in the stack's environment, spec 01
// §2.5, §2.10, §4.4, issue 9): a signed-in free user upgrades through the upgrade dialog and the
// demo checkout, is a Scholar in settings and the sidebar, processes more than the free 60 MB of
// sources and sees them counted without a limit, then cancels in the demo portal and is back on
// the free plan's limits.

const MB = 1024 * 1024;

/**
 * A valid one-page PDF of about `size` bytes: a page with `text`, and an unreferenced stream of
 * padding that makes the file large without making it slow to read.
 */
function largePdf(text: string, size: number): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    chunks.push(buffer);
    length += buffer.length;
  };
  push('%PDF-1.4\n');
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n${body}\nendobj\n`);
  });
  const padding = Math.max(0, size - length - 400);
  offsets.push(length);
  push(`6 0 obj\n<< /Length ${padding} >>\nstream\n`);
  push(Buffer.alloc(padding, 0x20));
  push('\nendstream\nendobj\n');
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

/** Uploads a PDF into a deck, asks for processing and waits until the worker has finished it. */
async function processPdf(
  request: APIRequestContext,
  token: string,
  deckId: string,
  name: string,
  pdf: Buffer,
): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const uploaded = await request.post('/api/upload/document', {
    headers: auth,
    multipart: { file: { name, mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(uploaded.status(), await uploaded.text()).toBeLessThan(300);
  const { file } = (await uploaded.json()) as {
    file: { storageRef: string; downloadUrl: string; contentType: string; size: number };
  };
  const added = await request.post(`/api/decks/${deckId}/sources`, {
    headers: auth,
    data: {
      source: {
        type: 'document',
        storageRef: file.storageRef,
        downloadUrl: file.downloadUrl,
        contentType: file.contentType,
        sizeInBytes: file.size,
        originalFilename: name,
      },
    },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const sourceId = ((await added.json()) as { _id: string })._id;
  const processing = await request.post('/api/ai/process-source', {
    headers: auth,
    data: { deckId, sourceId },
  });
  expect(processing.status(), await processing.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/ai/source-status/${deckId}/${sourceId}`, {
          headers: auth,
        });
        return ((await status.json()) as { source: { processingStatus: string } }).source
          .processingStatus;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('completed');
}

async function newDeck(request: APIRequestContext, token: string, title: string): Promise<string> {
  const created = await request.post('/api/decks', {
    headers: { authorization: `Bearer ${token}` },
    data: { title },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const statusBadge = (page: Page) => page.locator('.billing-card .status-badge');
const usageLine = (page: Page) =>
  page.getByRole('region', { name: 'Monthly usage' }).locator('p').first();

/** The MB figure of '<n> MB of <limit> used'. */
async function usedMB(page: Page): Promise<number> {
  const text = (await usageLine(page).textContent()) ?? '';
  const match = /^([\d.]+) (MB|GB)/.exec(text);
  if (!match?.[1]) return Number.NaN;
  return Number(match[1]) * (match[2] === 'GB' ? 1000 : 1);
}

test('a free user upgrades through the demo checkout, processes more than 60 MB as a Scholar, and cancels', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  // The stack runs on 127.0.0.1: billing must send the browser back to that address (the session
  // lives in that origin's storage), not to localhost, another site to the browser.
  const app = new URL(baseURL ?? '');
  expect(app.hostname).toBe('127.0.0.1');
  const at = (path: string) => new URL(path, app).toString();
  const token = await signedUp(request, 'billing-demo');
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', stored);
      sessionStorage.setItem('seeded', '1');
    }
  }, token);

  // A free user: the free plan's 60 MB, the upgrade button, 'Try Scholar' in the sidebar.
  await page.goto(at('/settings'));
  await expect(statusBadge(page)).toHaveText('Free Plan');
  await expect(usageLine(page)).toHaveText(/^0 MB of 60 MB used/);
  await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeVisible();

  // Upgrade: the dialog, then the demo checkout (no Stripe configured), then back to settings.
  await sidebar(page)
    .getByRole('button', { name: /Try Scholar/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(dialog.locator('.upgrade-price')).toHaveText('$12/month');
  await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\?session=[\w-]+$/);
  expect(new URL(page.url()).origin).toBe(app.origin);
  await expect(page.getByRole('note')).toHaveText('Demo checkout — no payment is taken');
  await expect(page.getByRole('region', { name: 'Plan summary' })).toContainText('$12/month');
  await page.getByRole('button', { name: 'Start 14-day free trial' }).click();
  await expect(page).toHaveURL(/\/settings\?payment=success$/);
  await expect(
    page.getByText('Payment successful! Your subscription is now active.'),
  ).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Free Trial');
  await expect(usageLine(page)).toHaveText(/of Unlimited used/);
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expect(sidebar(page).getByText('Scholar', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: /Try Scholar/ })).toHaveCount(0);

  // More than the free 60 MB of sources, processed as a Scholar: three 22 MB PDFs (a Scholar may
  // upload up to 25 MB a file), in two decks (a deck holds 60 MB).
  const first = await newDeck(request, token, 'Big sources one');
  const second = await newDeck(request, token, 'Big sources two');
  const size = 22 * MB;
  await processPdf(
    request,
    token,
    first,
    'volume-1.pdf',
    largePdf('Volume one: cell biology', size),
  );
  await processPdf(request, token, first, 'volume-2.pdf', largePdf('Volume two: genetics', size));
  await processPdf(request, token, second, 'volume-3.pdf', largePdf('Volume three: ecology', size));

  await page.goto(at('/settings'));
  await expect(statusBadge(page)).toHaveText('Free Trial');
  await expect(usageLine(page)).toHaveText(/of Unlimited used/);
  await expect.poll(() => usedMB(page)).toBeGreaterThan(60);
  await expect(page.getByRole('progressbar', { name: 'Monthly usage' })).toHaveCount(0);

  // Cancel in the demo portal: back on the free plan's limits, with this month's usage over them.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-portal$/);
  expect(new URL(page.url()).origin).toBe(app.origin);
  await expect(page.getByRole('note')).toHaveText('Demo billing portal — no payment is taken');
  await expect(page.locator('.demo-facts')).toContainText('StatusFree Trial');
  await expect(page.locator('.demo-facts')).toContainText('Trial ends');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page
    .getByRole('group', { name: 'Confirm cancellation' })
    .getByRole('button', { name: 'Yes, cancel' })
    .click();
  await expect(page.locator('.demo-facts')).toContainText('StatusCanceled');
  await expect(sidebar(page).getByRole('button', { name: /Try Scholar/ })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Mnemo' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(statusBadge(page)).toHaveText('Canceled');
  await expect(usageLine(page)).toHaveText(/ of 60 MB used/);
  expect(await usedMB(page)).toBeGreaterThan(60);
  const bar = page.getByRole('progressbar', { name: 'Monthly usage' });
  await expect(bar).toHaveAttribute('data-tone', 'red');
  await expect(bar.locator('span')).toHaveAttribute('style', 'width: 100%;');
  await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeVisible();
});
