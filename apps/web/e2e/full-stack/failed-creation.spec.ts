import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { FIXTURE_SITE_PORT } from './fixture-site';

// Against the real Mnemo (issues 18.3 and 18.4): a link typed without a scheme is given https://
// (spec 01 §4.2); the local fixture site speaks plain http only, so the worker cannot read it.
// Once its retries are spent the source fails saying which address was tried and suggesting
// http://, and the creation page has the deck service remove the empty deck and the space the
// attempt made.

let site: Server;
test.beforeAll(async () => {
  site = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Notes</h1>'),
  );
  await new Promise<void>((resolve) => site.listen(FIXTURE_SITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

test('a link to an http-only site typed without a scheme fails with the address tried and a hint, and leaves no deck', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const address = `127.0.0.1:${FIXTURE_SITE_PORT}/notes`;
  await page.goto('/create-flashcards');
  await page.getByRole('textbox', { name: 'Link' }).fill(address);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Added content' })).toContainText(
    `https://${address}`,
  );
  await page.getByRole('button', { name: 'Create Cards' }).click();

  const alert = page.getByRole('form', { name: 'Deck options' }).getByRole('alert');
  // The worker retries a connection failure (15 s, then 30 s) before the source fails.
  await expect(alert).toContainText(`https://${address}`, { timeout: 240_000 });
  await expect(alert).toContainText(
    `If the site only works over http, add the link as http://${address}`,
  );
  await expect(alert).not.toContainText('will try again');
  await expect(page).toHaveURL(/\/create-flashcards$/);

  // Nothing is left: no deck, no space (the guest's space was made by this attempt).
  const anonymous = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('anonymousSession') ?? 'null') as { sessionId: string })
        .sessionId,
  );
  const headers = { 'x-anonymous-session': anonymous };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/decks', { headers })).json()) as { data: unknown[] })
          .data.length,
    )
    .toBe(0);
  const spaces = (await (await page.request.get('/api/spaces', { headers })).json()) as {
    data: unknown[];
  };
  expect(spaces.data).toEqual([]);
});
