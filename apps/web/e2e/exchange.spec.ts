import { expect, test } from '@playwright/test';
import { FakeDeckApi } from './fake-deck-api';

// Deck exchange (issue 24) against the played deck service (fake-deck-api.ts), in the wire format
// of @mnemo/contracts: Export in the deck header's menu, Import with a preview on the space page.

test('exports a deck from the header menu as a file named after the deck', async ({ page }) => {
  const api = new FakeDeckApi({ signedIn: true });
  const space = api.addSpace('Languages');
  const deck = api.addDeck('German: basics', { studySpace: space._id });
  await api.install(page);
  await page.goto(`/deck/${deck._id}/manage`);

  await page.getByRole('button', { name: 'Deck options' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Edit Deck',
    'Delete Deck',
    'Anki package (.apkg)',
    'CSV spreadsheet (.csv)',
    'Quizlet text (.txt)',
    'Mnemo JSON (.json)',
  ]);
  await page.screenshot({ path: 'test-results/exchange-export-menu.png' });
  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'CSV spreadsheet (.csv)' }).click();
  expect((await download).suggestedFilename()).toBe('German basics.csv');
  const call = api.calls.find((c) => c.path === `/decks/${deck._id}/export`);
  expect(call?.query.format).toBe('csv');
});

test('imports Quizlet text on the space page: preview of columns and separator, then the result line', async ({
  page,
}) => {
  const api = new FakeDeckApi({ signedIn: true });
  const space = api.addSpace('Languages');
  await api.install(page);
  await page.goto(`/space/${space._id}`);
  await expect(page.getByRole('heading', { name: 'Import a deck' })).toBeVisible();

  await page.getByTestId('import-file').setInputFiles({
    name: 'german.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Zelle\tcell\nKern\tnucleus\n'),
  });
  const preview = page.getByLabel('Preview');
  await expect(preview).toContainText('315 rows, separated by tab');
  await expect(preview.getByRole('columnheader')).toHaveText(['Column 1 → question', 'Column 2 → answer']);
  await expect(preview.getByRole('row')).toHaveCount(3);
  // Not a full-page shot: resizing the viewport mid-test re-renders the page and drops the chosen file.
  await preview.screenshot({ path: 'test-results/exchange-import-preview.png' });

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'imported' })).toContainText(
    '312 cards imported, 3 skipped: empty front.',
  );
  await expect(page.getByRole('link', { name: 'Open “german”' })).toBeVisible();
  await page.screenshot({ path: 'test-results/exchange-import-result.png' });
  const sent = api.calls.find((c) => c.path === '/decks/import');
  expect(sent?.method).toBe('POST');
});
