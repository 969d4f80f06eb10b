import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import PptxGenJS from 'pptxgenjs';
import { signedUp } from './api-account';

// Against the real Mnemo: a PowerPoint deck (written by pptxgenjs), a Markdown file and a picture
// of text (a screenshot Chromium takes of a page) are uploaded through the Add Source dialog, read
// by the worker (slides and notes; Markdown; Tesseract OCR in its threads), summarised by the
// offline provider, and the browser follows each to Completed. The words asked for below occur in
// one file each, so each check shows that file's own text was read.

let dir: string;
test.beforeAll(async ({ browser }) => {
  dir = mkdtempSync(join(tmpdir(), 'mnemo-new-formats-'));

  const pres = new PptxGenJS();
  const one = pres.addSlide();
  one.addText('Mitochondria', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
  one.addText('Mitochondria make ATP by oxidative phosphorylation.', { x: 0.5, y: 1.5, w: 9, h: 1 });
  one.addNotes('Mitochondria carry their own circular DNA.');
  const two = pres.addSlide();
  two.addText('Ribosomes', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
  two.addText('Ribosomes translate messenger RNA into proteins.', { x: 0.5, y: 1.5, w: 9, h: 1 });
  writeFileSync(join(dir, 'organelles.pptx'), (await pres.write({ outputType: 'nodebuffer' })) as Buffer);

  writeFileSync(
    join(dir, 'glaciers.md'),
    [
      '# Glaciers',
      '',
      'A **glacier** is a persistent body of dense ice that moves under its own weight.',
      '',
      '## Moraines',
      '',
      '- Moraines are ridges of debris a glacier leaves behind.',
      '- Terminal moraines mark the furthest advance of the ice.',
      '',
    ].join('\n'),
  );

  // A picture of a printed paragraph, as a phone photo of a handout would be (minus the noise).
  const page = await browser.newPage({ viewport: { width: 1000, height: 360 } });
  await page.setContent(
    `<body style="margin:40px;font:28px/1.5 'DejaVu Serif',serif;color:#111;background:#fff">
      <p>Volcanoes form where magma reaches the surface. Basalt lava flows far before it cools,
      while sticky rhyolite lava builds steep domes.</p></body>`,
  );
  await page.screenshot({ path: join(dir, 'volcanoes.png') });
  await page.close();
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a learner uploads a .pptx, a .md and a picture of text, and all three are read to completion', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await signedUp(request, 'formats');
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/decks', { headers: auth, data: { title: 'Earth and cells' } });
  expect(created.status()).toBe(201);
  const deck = (await created.json()) as { _id: string };

  await page.goto(`/deck/${deck._id}/summary`);
  await page.getByRole('button', { name: 'Add Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Source' });
  await dialog.getByRole('tab', { name: 'Files' }).click();
  await dialog
    .getByLabel('Choose files')
    .setInputFiles(['organelles.pptx', 'glaciers.md', 'volcanoes.png'].map((f) => join(dir, f)));
  const added = dialog.getByRole('list', { name: 'Added content' });
  await expect(added.getByRole('listitem')).toHaveCount(3);
  await expect(added.getByRole('progressbar')).toHaveCount(0); // every upload has finished
  await page.screenshot({ path: test.info().outputPath('added.png') });
  await dialog.getByRole('button', { name: 'Add Sources' }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await rows.nth(i).getByRole('button', { name: 'Process Now' }).click();
    await expect(rows.nth(i).getByText('Completed')).toBeVisible({ timeout: 120_000 });
  }

  await page.screenshot({ path: test.info().outputPath('processed.png') });
  // Each source's summary is made from its own text: its words are on the page when it is chosen.
  const expectations: Array<[RegExp, RegExp]> = [
    [/organelles|Mitochondria/i, /mitochondria|ribosomes/i],
    [/glaciers/i, /glacier|moraine/i],
    [/volcanoes/i, /magma|basalt|lava|volcano/i],
  ];
  const detail = page.getByRole('article');
  for (const [title, words] of expectations) {
    await rows.filter({ hasText: title }).getByRole('button').first().click();
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(detail.getByRole('region', { name: 'Summary' })).toContainText(words);
  }
  await page.screenshot({ path: test.info().outputPath('completed.png') });

  // And through the API: each source completed with the text its format holds (the picture's by OCR).
  const read = (await (await request.get(`/api/decks/${deck._id}`, { headers: auth })).json()) as {
    sources: Array<{ originalFilename: string | null; processingStatus: string; content?: string | null }>;
  };
  const content = (name: string) => read.sources.find((s) => s.originalFilename === name)?.content ?? '';
  expect(read.sources.map((s) => s.processingStatus)).toEqual(['completed', 'completed', 'completed']);
  expect(content('organelles.pptx')).toMatch(/oxidative phosphorylation/);
  expect(content('organelles.pptx')).toMatch(/circular DNA/); // the speaker notes
  expect(content('glaciers.md')).toMatch(/Terminal moraines mark the furthest advance/);
  expect(content('volcanoes.png')).toMatch(/Volcanoes form where magma reaches the surface/);
});
