import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { loadSqlJs } from '../src/sqlite';

const DAY_MS = 86_400_000;

/** One answer of an Anki revlog: when (its id, in ms), Anki's ease 1-4, its type (0 learn, 1 review, 2 relearn). */
export type AnkiAnswer = { at: Date; ease: 1 | 2 | 3 | 4; type: 0 | 1 | 2; ivl: number; lastIvl: number };

/**
 * The answers of `ankiHistoryApkg`: learnt, then reviewed after 1, 4 and 10 days, the last one
 * forgotten (Again) and relearnt the same day, as SM-2 logs them.
 */
export function ankiAnswers(start: Date): AnkiAnswer[] {
  const t = (days: number, minutes = 0) => new Date(start.getTime() + days * DAY_MS + minutes * 60_000);
  return [
    { at: t(0), ease: 3, type: 0, ivl: -600, lastIvl: 0 },
    { at: t(0, 10), ease: 3, type: 0, ivl: 1, lastIvl: -600 },
    { at: t(1), ease: 3, type: 1, ivl: 4, lastIvl: 1 },
    { at: t(5), ease: 4, type: 1, ivl: 12, lastIvl: 4 },
    { at: t(17), ease: 1, type: 1, ivl: -600, lastIvl: 12 },
    { at: t(17, 10), ease: 3, type: 2, ivl: 1, lastIvl: -600 },
  ];
}

/**
 * Anki's own test deck `update1.apkg` (one Basic note, hello / world) as a learner would export it
 * after studying it with Anki's SM-2 scheduler: the card a review card with its interval, ease factor
 * and counts, six revlog rows (`ankiAnswers`), and no FSRS memory state (the card's `data` empty,
 * as Anki leaves it when FSRS was never turned on). Changed with sql.js in Anki's own collection, so
 * everything else is what Anki wrote.
 */
export async function ankiHistoryApkg(start: Date): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(readFileSync(new URL('./fixtures/update1.apkg', import.meta.url)));
  const file = zip.file('collection.anki2');
  if (!file) throw new Error('update1.apkg has no collection.anki2');
  const SQL = await loadSqlJs();
  const db = new SQL.Database(await file.async('uint8array'));
  const crt = Number(db.exec('select crt from col')[0]?.values[0]?.[0]);
  const [cardId] = (db.exec('select id from cards')[0]?.values[0] ?? []) as number[];
  const answers = ankiAnswers(start);
  const last = answers[answers.length - 1]!;
  // A review card (type 2, queue 2) due `ivl` days after its last answer, counted in days since the
  // collection was created, as SM-2 stores it.
  const dueDay = Math.floor((last.at.getTime() / 1000 - crt) / 86_400) + last.ivl;
  db.run("update cards set type = 2, queue = 2, due = ?, ivl = ?, factor = 2300, reps = ?, lapses = 1, left = 0, data = '' where id = ?", [
    dueDay,
    last.ivl,
    answers.length,
    cardId!,
  ]);
  answers.forEach((a, i) => {
    db.run('insert into revlog values (?, ?, -1, ?, ?, ?, 2500, ?, ?)', [a.at.getTime(), cardId!, a.ease, a.ivl, a.lastIvl, 6000 + i * 100, a.type]);
  });
  zip.file('collection.anki2', db.export());
  db.close();
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
