import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import type { Database } from 'sql.js';
import { describe, expect, it } from 'vitest';
import { sampleDeck } from '../test/sample-deck';
import { noteChecksum, readApkg, writeApkg } from './apkg';
import { loadSqlJs } from './sqlite';

const now = new Date('2026-11-25T12:00:00Z');

async function openCollection(apkg: Uint8Array) {
  const zip = await JSZip.loadAsync(apkg);
  expect(Object.keys(zip.files).sort()).toEqual(['collection.anki2', 'media']);
  expect(await zip.file('media')?.async('string')).toBe('{}');
  const bytes = await zip.file('collection.anki2')!.async('uint8array');
  const SQL = await loadSqlJs();
  return new SQL.Database(bytes);
}

const all = (db: Database, sql: string) => {
  const [res] = db.exec(sql);
  return (res?.values ?? []).map((row) => Object.fromEntries(res!.columns.map((c, i) => [c, row[i]])));
};

describe('Anki package', () => {
  it('round-trips Mnemo → .apkg → Mnemo deep-equal with the review state', async () => {
    const deck = sampleDeck();
    const { deck: back, skipped } = await readApkg(await writeApkg(deck, { includeReview: true, now }));
    expect(skipped).toEqual([]);
    expect(back.title).toBe(deck.title);
    expect(back.description).toBe(deck.description);
    expect(back.questions).toEqual(deck.questions);
  });

  it('leaves the history out unless asked, every card new', async () => {
    const { deck } = await readApkg(await writeApkg(sampleDeck(), { now }));
    expect(deck.questions.map((q) => q.review ?? null)).toEqual([null, null, null, null]);
    expect(deck.questions.flatMap((q) => q.reviewLog ?? [])).toEqual([]);
  });

  it("writes a collection in Anki's schema 11 with its tables and columns", async () => {
    const db = await openCollection(await writeApkg(sampleDeck(), { includeReview: true, now }));
    const columns = (table: string) => all(db, `pragma table_info(${table})`).map((c) => c.name);
    expect(columns('col')).toEqual(['id', 'crt', 'mod', 'scm', 'ver', 'dty', 'usn', 'ls', 'conf', 'models', 'decks', 'dconf', 'tags']);
    expect(columns('notes')).toEqual(['id', 'guid', 'mid', 'mod', 'usn', 'tags', 'flds', 'sfld', 'csum', 'flags', 'data']);
    expect(columns('cards')).toEqual(['id', 'nid', 'did', 'ord', 'mod', 'usn', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'left', 'odue', 'odid', 'flags', 'data']);
    expect(columns('revlog')).toEqual(['id', 'cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type']);
    expect(columns('graves')).toEqual(['usn', 'oid', 'type']);
    const [col] = all(db, 'select * from col');
    expect(col?.ver).toBe(11);
    const models = JSON.parse(String(col?.models));
    const names = Object.values(models).map((m) => (m as { name: string }).name).sort();
    expect(names).toEqual(['Mnemo Case free response', 'Mnemo Case multiple choice', 'Mnemo Free response', 'Mnemo Multiple choice']);
    const mc = Object.values(models).find((m) => (m as { name: string }).name === 'Mnemo Multiple choice') as {
      flds: { name: string }[];
      tmpls: { qfmt: string; afmt: string }[];
    };
    expect(mc.flds.map((f) => f.name)).toEqual(['Question', 'Answer', 'Options', 'Correct', 'Case context', 'Explanation', 'Source', 'Mnemo']);
    expect(mc.tmpls[0]?.qfmt).toContain('{{Options}}');
    const decks = JSON.parse(String(col?.decks));
    expect(Object.values(decks).map((d) => (d as { name: string }).name)).toContain('Cardiology, "basics"; part 1');

    const notes = all(db, 'select * from notes order by id');
    expect(notes).toHaveLength(4);
    const first = notes[0]!;
    expect(first.guid).toBe('2f0c6a3e-5b7d-4f7e-9d0a-1b2c3d4e5f60');
    expect(first.tags).toBe(' Cardiac_anatomy Systemic_circulation type::multiple_choice ');
    const flds = String(first.flds).split('\x1f');
    expect(flds[0]).toBe('Which chamber pumps blood into the aorta?');
    expect(flds[2]).toBe('<ol class="options" type="A"><li>Left ventricle</li><li>Right atrium</li><li>Right ventricle, &quot;the thin one&quot;</li><li>Left atrium; upper</li></ol>');
    expect(flds[3]).toBe('A');
    expect(first.sfld).toBe('Which chamber pumps blood into the aorta?');
    const sha1 = createHash('sha1').update('Which chamber pumps blood into the aorta?').digest('hex');
    expect(first.csum).toBe(parseInt(sha1.slice(0, 8), 16));
    expect(noteChecksum('<b>Which</b> chamber pumps blood into the aorta?')).toBe(first.csum);
  });

  it("maps the review state to Anki's card scheduling fields and revlog", async () => {
    const db = await openCollection(await writeApkg(sampleDeck(), { includeReview: true, now }));
    const [col] = all(db, 'select crt from col');
    const crt = Number(col?.crt);
    const cards = all(db, 'select * from cards order by id');
    // A review card: type/queue 2, due a day number from crt, ivl the scheduled days, FSRS memory state in data.
    expect(cards[0]).toMatchObject({ type: 2, queue: 2, ivl: 12, factor: 2500, reps: 3, lapses: 0, left: 0, ord: 0 });
    expect(crt + Number(cards[0]?.due) * 86400).toBeLessThanOrEqual(Date.parse('2026-12-01T09:30:00Z') / 1000);
    expect(crt + (Number(cards[0]?.due) + 1) * 86400).toBeGreaterThan(Date.parse('2026-12-01T09:30:00Z') / 1000);
    expect(JSON.parse(String(cards[0]?.data))).toEqual({ s: 12.345678, d: 5.4321, lrt: Date.parse('2026-11-19T09:30:00Z') / 1000 });
    // A new card: type/queue 0, due its position.
    expect(cards[1]).toMatchObject({ type: 0, queue: 0, due: 2, ivl: 0, reps: 0 });
    // Relearning due today: type 3, queue 1, due a timestamp in seconds.
    expect(cards[2]).toMatchObject({ type: 3, queue: 1, due: Date.parse('2026-11-25T10:15:00Z') / 1000, reps: 6, lapses: 2, left: 1 });
    const revlog = all(db, 'select * from revlog order by id');
    expect(revlog.map((r) => [r.id, r.cid, r.ease, r.type, r.ivl, r.lastIvl, r.time])).toEqual([
      [Date.parse('2026-11-10T08:00:00Z'), cards[0]?.id, 3, 0, -600, 0, 5400],
      [Date.parse('2026-11-10T08:10:00Z'), cards[0]?.id, 3, 0, 3, 0, 3100],
      [Date.parse('2026-11-19T09:30:00Z'), cards[0]?.id, 3, 1, 12, 3, 0],
    ]);
  });

  it("falls back to Anki's columns once the card was studied in Anki", async () => {
    const apkg = await writeApkg(sampleDeck(), { includeReview: true, now });
    const zip = await JSZip.loadAsync(apkg);
    const SQL = await loadSqlJs();
    const db = new SQL.Database(await zip.file('collection.anki2')!.async('uint8array'));
    const cid = Number(all(db, 'select id from cards order by id limit 1')[0]?.id);
    const at = Date.parse('2026-12-01T10:00:00Z');
    db.run('insert into revlog values (?, ?, -1, 1, -600, 12, 2500, 4000, 1)', [at, cid]);
    db.run('update cards set type = 3, queue = 1, due = ?, ivl = 1, reps = 4, lapses = 1, data = ? where id = ?', [
      at / 1000 + 600,
      JSON.stringify({ s: 2.5, d: 6.1, lrt: at / 1000 }),
      cid,
    ]);
    zip.file('collection.anki2', db.export());
    const { deck } = await readApkg(await zip.generateAsync({ type: 'uint8array' }));
    const q = deck.questions[0]!;
    expect(q.review).toMatchObject({ state: 'relearning', stability: 2.5, difficulty: 6.1, reps: 4, lapses: 1, lastRating: 'again', lastReview: new Date(at).toISOString(), due: new Date(at + 600_000).toISOString() });
    expect(q.reviewLog).toHaveLength(4);
    expect(q.reviewLog?.[3]).toMatchObject({ rating: 1, state: 'review', scheduledDays: 12, durationMs: 4000, elapsedDays: 12 });
  });
});
