import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { fixturePath } from '@mnemo/testing/fixtures';
import { FIXTURE_SITE_PORT } from './fixture-site';

// Against the real Mnemo: the worker fetches the page from this local site (allowed through
// SOURCE_FETCH_ALLOWLIST in the stack's environment), reads the PDF from storage, embeds and
// summarises with the offline provider, and the browser follows both over the progress stream.

let site: Server;
test.beforeAll(async () => {
  const article = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
  site = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article),
  );
  await new Promise<void>((resolve) => site.listen(FIXTURE_SITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

test('a signed-in learner adds a link and a PDF to a deck and watches both finish processing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Deck pages are for signed-in users (spec 01 §2.2): an account made through the API.
  const email = `sources-${Date.now()}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { firstName: 'Sam', email, password: 'a-Long-unusual-passphrase-42' },
  });
  expect(registered.status()).toBe(201);
  const { userId } = (await registered.json()) as { userId: string };
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mail')).json()) as {
        to: string;
        text: string;
      }[];
      code =
        /\b(\d{6})\b/.exec(mails.find((m) => String(m.to).includes(email))?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const verified = await request.post('/api/auth/verify-email', {
    data: { userId, verificationCode: code },
  });
  const { token } = (await verified.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('token', t), token);

  const created = await request.post('/api/decks', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Browsers' },
  });
  expect(created.status()).toBe(201);
  const deck = (await created.json()) as { _id: string };

  await page.goto(`/deck/${deck._id}/summary`);
  await page.getByRole('button', { name: 'Add Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Source' });
  await dialog
    .getByRole('textbox', { name: 'Link' })
    .fill(`http://127.0.0.1:${FIXTURE_SITE_PORT}/wiki/Mozilla`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('tab', { name: 'Files' }).click();
  await dialog.getByLabel('Choose files').setInputFiles(fixturePath('pdf', 'pdflatex-4-pages.pdf'));
  const added = dialog.getByRole('list', { name: 'Added content' });
  await expect(added.getByRole('listitem')).toHaveCount(2);
  await expect(added.getByRole('progressbar')).toHaveCount(0); // the upload has finished
  await dialog.getByRole('button', { name: 'Add Sources' }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    const processNow = rows.nth(i).getByRole('button', { name: 'Process Now' });
    await processNow.click();
    // The live banner follows the stream; the row ends Completed once the deck reloads.
    await expect(rows.nth(i).getByText('Completed')).toBeVisible({ timeout: 60_000 });
  }
  // The page's title replaced the link, and the processed source has its summary.
  await expect(rows.filter({ hasText: 'Mozilla' })).toHaveCount(1);
  await rows.filter({ hasText: 'Mozilla' }).getByRole('button').first().click();
  await expect(page.getByText('No summary available yet')).toHaveCount(0);
});
