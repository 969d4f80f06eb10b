import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import type { Database } from 'sql.js';
import { CARD_STATES, type CardState } from '@mnemo/contracts/api/review';
import { MULTIPLE_CHOICE_TYPES, normalizeConcepts, type QuestionType } from '@mnemo/contracts/entities/question';
import { MNEMO_FIELDS, MNEMO_MODEL_IDS, mnemoModel, typeOfModelName } from './apkg-notetypes';
import { assertCellSize, assertQuestionCount, toTag } from './cells';
import { exchangeError, isExchangeError } from './errors';
import { fieldToText, htmlToMarkdown, stripHtml, textToField } from './html';
import {
  displayAnswer,
  exchangeReviewLogSchema,
  exchangeReviewSchema,
  ratingName,
  type ExchangeDeck,
  type ExchangeQuestion,
  type ExchangeRating,
  type ExchangeReview,
  type ExchangeReviewLog,
  type ImportResult,
  type SkippedItem,
} from './model';
import { loadSqlJs } from './sqlite';
import { readZip } from './zip';
import { z } from 'zod';

/**
 * Anki packages (.apkg): a zip holding `collection.anki2` (or `collection.anki21`), a SQLite
 * database in Anki's schema 11 (tables col, notes, cards, revlog, graves), and a `media` map.
 *
 * Written: one note per question with a note type per question type (apkg-notetypes.ts), tags from
 * the concepts and `type::<question type>`, and, when the learner's history is included, each card's
 * scheduling columns (type, queue, due, ivl, factor, reps, lapses, left) and FSRS memory state in
 * the card's `data` JSON (`s` stability, `d` difficulty, `dr` desired retention, `lrt` last review)
 * as Anki 23.10+ keeps it, plus one revlog row per answer. Anki's columns cannot hold everything
 * Mnemo stores (a review's time of day, the card before each answer, which answer field a question
 * uses), so the hidden `Mnemo` field keeps those as JSON together with the card's reps, lapses and
 * revlog count at export: reading our own file back gives the exact deck, and once the learner has
 * studied in Anki (the counts differ) the reader takes Anki's columns instead.
 *
 * Read: notes of any note type. Mnemo's own types exactly; cloze notes give one free-response
 * question per cloze number (the blank shown as [...], the answer the hidden text); any other type
 * (Basic, Basic and reversed, ...) gives one question: the first field asks, the second answers.
 * HTML is sanitised and converted to markdown, media references stay as text. Review history comes
 * from the revlog and the card's columns. `collection.anki21b` (zstd, Anki 2.1.50+ default export)
 * is refused with a message to export with "Support older Anki versions".
 */

export type WriteApkgOptions = {
  /** Write the learner's card state and review log (their own export); otherwise every card is new. */
  includeReview?: boolean;
  /** Export time (tests pin it). */
  now?: Date;
};

const DAY_S = 86_400;
const DEFAULT_DECK_ID = 1;
const EXPORT_DECK_ID = 1732500000100;
const SEP = '\x1f';

/** Anki's schema 11 tables and indexes (rslib/src/storage/schema11.sql). */
export const ANKI_SCHEMA_11 = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

/** What the hidden Mnemo field holds (see the module comment). */
const hiddenSchema = z.object({
  v: z.literal(1),
  correctAnswerText: z.string().nullable(),
  expectedAnswer: z.string().nullable(),
  answer: z.string().nullable(),
  concepts: z.array(z.string()),
  review: exchangeReviewSchema.nullable().optional(),
  reviewLog: z.array(exchangeReviewLogSchema).optional(),
  anki: z.object({ reps: z.number(), lapses: z.number(), revlog: z.number() }),
});
type Hidden = z.infer<typeof hiddenSchema>;

/** Anki's checksum of a note: the first 8 hex digits of the SHA-1 of its stripped first field. */
export function noteChecksum(firstField: string): number {
  return parseInt(createHash('sha1').update(stripHtml(firstField)).digest('hex').slice(0, 8), 16);
}

const ms = (iso: string) => Date.parse(iso);
const letter = (index: number) => String.fromCharCode(65 + index);

/** Card type / queue numbers of Anki (0 new, 1 learning, 2 review, 3 relearning). */
const cardTypeOf = (state: CardState) => CARD_STATES.indexOf(state);
/** Revlog type of an answer given the card's state before it: 0 learn, 1 review, 2 relearn. */
const revlogTypeOf = (state: CardState) => (state === 'review' ? 1 : state === 'relearning' ? 2 : 0);

/** An interval as revlog keeps it: whole days when a day or more, else negative seconds. */
function revlogInterval(fromMs: number, toMs: number): number {
  const seconds = Math.max(0, Math.round((toMs - fromMs) / 1000));
  return seconds >= DAY_S ? Math.round(seconds / DAY_S) : -seconds;
}

/** The deck as a real Anki package (see the module comment). */
export async function writeApkg(deck: ExchangeDeck, options: WriteApkgOptions = {}): Promise<Uint8Array> {
  const includeReview = options.includeReview ?? false;
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const nowS = Math.floor(nowMs / 1000);
  // Day numbers of review cards count from the collection's creation, at 4 a.m. (Anki's rollover):
  // take a day before the earliest date in the deck so no due day is negative.
  let earliest = nowMs;
  if (includeReview) {
    for (const q of deck.questions) {
      if (q.review) earliest = Math.min(earliest, ms(q.review.due), q.review.lastReview ? ms(q.review.lastReview) : nowMs);
      for (const l of q.reviewLog ?? []) earliest = Math.min(earliest, ms(l.reviewedAt), ms(l.due));
    }
  }
  const crt = Math.floor(earliest / 1000 / DAY_S) * DAY_S - DAY_S + 4 * 3600;
  const dayOf = (iso: string) => Math.floor((ms(iso) / 1000 - crt) / DAY_S);

  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    // An in-memory database exported once: a rollback journal would only copy every page twice.
    db.run('pragma journal_mode = off; pragma synchronous = off;');
    db.run(ANKI_SCHEMA_11);
    const models: Record<string, unknown> = {};
    for (const type of new Set(deck.questions.map((q) => q.questionType))) {
      models[String(MNEMO_MODEL_IDS[type])] = mnemoModel(type, EXPORT_DECK_ID, nowS);
    }
    if (Object.keys(models).length === 0) models[String(MNEMO_MODEL_IDS.free_response)] = mnemoModel('free_response', EXPORT_DECK_ID, nowS);
    const deckEntry = (id: number, name: string, desc: string) => ({
      id, name, desc, mod: nowS, usn: -1, collapsed: false, browserCollapsed: false, dyn: 0, conf: 1,
      newToday: [0, 0], revToday: [0, 0], lrnToday: [0, 0], timeToday: [0, 0], extendNew: 0, extendRev: 0,
    });
    const decks = {
      [String(DEFAULT_DECK_ID)]: deckEntry(DEFAULT_DECK_ID, 'Default', ''),
      [String(EXPORT_DECK_ID)]: deckEntry(EXPORT_DECK_ID, deck.title.replace(/::/g, ':') || 'Mnemo deck', textToField(deck.description ?? '')),
    };
    const dconf = {
      '1': {
        id: 1, name: 'Default', mod: 0, usn: 0, maxTaken: 60, autoplay: true, timer: 0, replayq: true, dyn: false,
        new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
        rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
        lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      },
    };
    const conf = {
      activeDecks: [EXPORT_DECK_ID], curDeck: EXPORT_DECK_ID, newSpread: 0, collapseTime: 1200, timeLim: 0,
      estTimes: true, dueCounts: true, curModel: Number(Object.keys(models)[0]), nextPos: deck.questions.length + 1,
      sortType: 'noteFld', sortBackwards: false, addToCur: true, schedVer: 2,
    };
    db.run('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crt, nowMs, nowMs, JSON.stringify(conf), JSON.stringify(models), JSON.stringify(decks), JSON.stringify(dconf), '{}',
    ]);

    const insertNote = db.prepare('insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare('insert into cards values (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)');
    const insertRevlog = db.prepare('insert into revlog values (?, ?, -1, ?, ?, ?, ?, ?, ?)');
    const usedRevlogIds = new Set<number>();
    const nextFreeRevlogId = new Map<number, number>();
    db.run('begin');
    deck.questions.forEach((q, i) => {
      const id = nowMs - deck.questions.length + i; // unique, increasing, in deck order
      const review = includeReview ? (q.review ?? null) : null;
      const log = includeReview ? (q.reviewLog ?? []) : [];
      const hidden: Hidden = {
        v: 1,
        correctAnswerText: q.correctAnswerText,
        expectedAnswer: q.expectedAnswer,
        answer: q.answer,
        concepts: q.concepts,
        ...(includeReview ? { review, reviewLog: log } : {}),
        anki: { reps: review?.reps ?? 0, lapses: review?.lapses ?? 0, revlog: log.length },
      };
      const options = q.options.length
        ? `<ol class="options" type="A">${q.options.map((o) => `<li>${textToField(o)}</li>`).join('')}</ol>`
        : '';
      const values: Record<(typeof MNEMO_FIELDS)[number], string> = {
        Question: textToField(q.question),
        Answer: textToField(displayAnswer(q)),
        Options: options,
        Correct: q.correctAnswerIndex === null ? '' : letter(q.correctAnswerIndex),
        'Case context': textToField(q.caseContext ?? ''),
        Explanation: textToField(q.explanation ?? ''),
        Source: textToField(q.sourceCitation ?? ''),
        Mnemo: textToField(JSON.stringify(hidden)),
      };
      const flds = MNEMO_FIELDS.map((f) => values[f]).join(SEP);
      const tags = [...q.concepts.map(toTag), `type::${q.questionType}`].filter(Boolean);
      insertNote.run([
        id, q.id ?? guidFor(id), MNEMO_MODEL_IDS[q.questionType], nowS, ` ${tags.join(' ')} `, flds,
        stripHtml(values.Question), noteChecksum(values.Question), '',
      ]);
      const card = cardColumns(review, i, dayOf);
      insertCard.run([id, id, EXPORT_DECK_ID, nowS, card.type, card.queue, card.due, card.ivl, card.factor, card.reps, card.lapses, card.left, card.data]);
      log.forEach((entry, k) => {
        const at = ms(entry.reviewedAt);
        // Revlog ids are unique timestamps: a clash moves to the next free millisecond, searched
        // from where the last clash on the same instant stopped (linear, not quadratic, in clashes).
        let rid = nextFreeRevlogId.get(at) ?? at;
        while (usedRevlogIds.has(rid)) rid += 1;
        usedRevlogIds.add(rid);
        nextFreeRevlogId.set(at, rid + 1);
        const next = log[k + 1];
        const nextDue = next ? ms(next.due) : review ? ms(review.due) : at;
        insertRevlog.run([
          rid, id, entry.rating, revlogInterval(at, nextDue), entry.scheduledDays,
          entry.state === 'new' || entry.state === 'learning' ? 0 : 2500, entry.durationMs ?? 0, revlogTypeOf(entry.state),
        ]);
      });
    });
    db.run('commit');
    insertNote.free();
    insertCard.free();
    insertRevlog.free();
    const collection = db.export();
    const zip = new JSZip();
    zip.file('collection.anki2', collection);
    zip.file('media', '{}');
    return await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  } finally {
    db.close();
  }
}

/** A note guid for a question without a Mnemo id: Anki's are short random strings. */
function guidFor(id: number): string {
  return `mnemo${id.toString(36)}`;
}

type CardColumns = { type: number; queue: number; due: number; ivl: number; factor: number; reps: number; lapses: number; left: number; data: string };

function cardColumns(review: ExchangeReview | null, position: number, dayOf: (iso: string) => number): CardColumns {
  if (!review || review.state === 'new') {
    return { type: 0, queue: 0, due: position + 1, ivl: 0, factor: 0, reps: 0, lapses: 0, left: 0, data: '{}' };
  }
  const type = cardTypeOf(review.state);
  const intraday = review.state !== 'review' && review.scheduledDays === 0;
  // Learning cards due today are timestamps (queue 1); others are day numbers from crt.
  const queue = review.state === 'review' ? 2 : intraday ? 1 : 3;
  const due = queue === 1 ? Math.floor(ms(review.due) / 1000) : dayOf(review.due);
  // Remaining learning steps with Anki's defaults (learning 1m 10m, relearning 10m).
  const steps = review.state === 'learning' ? 2 : review.state === 'relearning' ? 1 : 0;
  const left = steps ? Math.max(1, steps - review.learningSteps) : 0;
  const data: Record<string, number> = { s: review.stability, d: review.difficulty };
  if (review.lastReview) data.lrt = Math.floor(ms(review.lastReview) / 1000);
  return {
    type,
    queue,
    due,
    ivl: review.state === 'learning' ? 0 : Math.max(review.state === 'review' ? 1 : 0, review.scheduledDays),
    factor: 2500,
    reps: review.reps,
    lapses: review.lapses,
    left,
    data: JSON.stringify(data),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

type ModelInfo = { name: string; cloze: boolean; fields: string[] };
type NoteRow = { id: number; guid: string; mid: number; tags: string; flds: string };
type CardRow = { id: number; nid: number; did: number; ord: number; type: number; queue: number; due: number; ivl: number; factor: number; reps: number; lapses: number; data: string };
type RevlogRow = { id: number; cid: number; ease: number; ivl: number; lastIvl: number; time: number; type: number };

const REQUIRED_TABLES = ['col', 'notes', 'cards', 'revlog'];

function rows<T>(db: Database, sql: string): T[] {
  const stmt = db.prepare(sql);
  const out: T[] = [];
  try {
    while (stmt.step()) out.push(stmt.getAsObject() as T);
  } finally {
    stmt.free();
  }
  return out;
}

const notAnki = (message: string, cause?: unknown) =>
  exchangeError('EXCHANGE_NOT_ANKI', message, cause === undefined ? {} : { cause });

/** Reads an .apkg (see the module comment). All or nothing: a full deck or an ExchangeError. */
export async function readApkg(bytes: Uint8Array): Promise<ImportResult> {
  const files = await readZip(bytes, (name) => /^collection\.anki2(1b?)?$/.test(name));
  const collection = files.get('collection.anki21') ?? (files.has('collection.anki21b') ? null : files.get('collection.anki2'));
  if (!collection) {
    if (files.has('collection.anki21b')) {
      throw exchangeError(
        'EXCHANGE_ANKI_UNSUPPORTED',
        'This deck was exported in the newest Anki format, which Mnemo cannot read yet. In Anki, export it again with "Support older Anki versions" ticked.',
      );
    }
    throw notAnki('This zip has no Anki collection inside (no collection.anki2), so it is not an Anki deck.');
  }
  const SQL = await loadSqlJs();
  let db: Database;
  try {
    db = new SQL.Database(collection);
  } catch (cause) {
    throw notAnki('The Anki collection in this file is damaged and could not be opened.', cause);
  }
  try {
    return readCollection(db);
  } catch (cause) {
    if (isExchangeError(cause)) throw cause;
    throw notAnki('The database in this file is damaged or is not an Anki collection, so nothing was imported.', cause);
  } finally {
    db.close();
  }
}

function readCollection(db: Database): ImportResult {
  const tables = new Set(rows<{ name: string }>(db, "select name from sqlite_master where type = 'table'").map((r) => r.name));
  const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
  if (missing.length) throw notAnki(`This database is not an Anki collection (it has no ${missing.join(', ')} table).`);
  const col = rows<{ crt: number; models: string; decks: string; ver: number }>(db, 'select crt, models, decks, ver from col limit 1')[0];
  if (!col) throw notAnki('This Anki collection is empty (no col row).');
  let modelsJson: Record<string, { name?: string; type?: number; flds?: { name?: string; ord?: number }[] }>;
  let decksJson: Record<string, { name?: string; desc?: string }>;
  try {
    modelsJson = JSON.parse(col.models);
    decksJson = JSON.parse(col.decks);
  } catch (cause) {
    throw notAnki('The note types of this Anki collection are damaged.', cause);
  }
  const models = new Map<number, ModelInfo>();
  for (const [id, m] of Object.entries(modelsJson)) {
    const fields = [...(m.flds ?? [])].sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0)).map((f) => f.name ?? '');
    models.set(Number(id), { name: m.name ?? '', cloze: m.type === 1, fields });
  }
  const noteCount = rows<{ n: number }>(db, 'select count(*) as n from notes')[0]?.n ?? 0;
  assertQuestionCount(noteCount, 'notes');
  const notes = rows<NoteRow>(db, 'select id, guid, mid, tags, flds from notes order by id');
  const cards = rows<CardRow>(db, 'select id, nid, did, ord, type, queue, due, ivl, factor, reps, lapses, data from cards order by id');
  const revlog = rows<RevlogRow>(db, 'select id, cid, ease, ivl, lastIvl, time, type from revlog order by id');
  const cardsByNote = new Map<number, CardRow[]>();
  for (const c of cards) cardsByNote.set(c.nid, [...(cardsByNote.get(c.nid) ?? []), c]);
  const logByCard = new Map<number, RevlogRow[]>();
  for (const r of revlog) logByCard.set(r.cid, [...(logByCard.get(r.cid) ?? []), r]);

  const questions: ExchangeQuestion[] = [];
  const skipped: SkippedItem[] = [];
  notes.forEach((note, index) => {
    const line = index + 1;
    const model = models.get(note.mid);
    if (!model) return skipped.push({ line, reason: 'unknown note type' });
    const fields = note.flds.split(SEP);
    fields.forEach((f, i) => assertCellSize(f, `Note ${line}'s field ${model.fields[i] ?? i + 1}`));
    const noteCards = cardsByNote.get(note.id) ?? [];
    const tags = note.tags.split(/\s+/).filter(Boolean);
    const mnemoType = typeOfModelName(model.name);
    if (mnemoType) {
      const q = readMnemoNote(note, model, fields, tags, mnemoType, noteCards[0], logByCard, col.crt);
      if (typeof q === 'string') skipped.push({ line, reason: q });
      else questions.push(q);
      return;
    }
    const concepts = conceptsOfTags(tags);
    if (model.cloze) {
      const made = readClozeNote(fields, concepts, noteCards, logByCard, col.crt);
      if (typeof made === 'string') skipped.push({ line, reason: made });
      else questions.push(...made);
      return;
    }
    const question = htmlToMarkdown(fields[0] ?? '');
    const answer = htmlToMarkdown(fields[1] ?? '');
    if (!question) return skipped.push({ line, reason: 'empty front' });
    if (!answer) return skipped.push({ line, reason: 'empty back' });
    const card = noteCards.find((c) => c.ord === 0) ?? noteCards[0];
    const explanation = fields.length > 2 ? htmlToMarkdown(fields.slice(2).join('\n\n')) || null : null;
    questions.push(freeResponseOfAnki({ question, answer, explanation, concepts }, card, logByCard, col.crt));
  });
  assertQuestionCount(questions.length, 'cards');
  // The deck most cards are in names the deck.
  const didCounts = new Map<number, number>();
  for (const c of cards) didCounts.set(c.did, (didCounts.get(c.did) ?? 0) + 1);
  const mainDid = [...didCounts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const deckInfo = mainDid === undefined ? undefined : decksJson[String(mainDid)];
  const description = deckInfo?.desc ? ownOrForeign(deckInfo.desc) : '';
  const deck: ExchangeDeck = {
    title: (deckInfo?.name ?? '').trim() || 'Imported Anki deck',
    ...(description ? { description } : {}),
    sources: [],
    questions,
  };
  return { deck, skipped };
}

/** A Mnemo field left as written is decoded exactly; one edited in Anki (with markup) is cleaned. */
function ownOrForeign(field: string): string {
  return /<(?!br\s*\/?>)[a-z!/]/i.test(field) ? htmlToMarkdown(field) : fieldToText(field);
}

function conceptsOfTags(tags: string[]): string[] {
  return normalizeConcepts(
    tags.filter((t) => !/^type::/i.test(t) && !['leech', 'marked'].includes(t.toLowerCase())).map((t) => t.replace(/_/g, ' ')),
  );
}

function readMnemoNote(
  note: NoteRow,
  model: ModelInfo,
  fields: string[],
  tags: string[],
  type: QuestionType,
  card: CardRow | undefined,
  logByCard: Map<number, RevlogRow[]>,
  crt: number,
): ExchangeQuestion | string {
  const field = (name: (typeof MNEMO_FIELDS)[number]) => fields[model.fields.indexOf(name)] ?? '';
  let hidden: Hidden | null = null;
  try {
    const parsed = hiddenSchema.safeParse(JSON.parse(fieldToText(field('Mnemo'))));
    hidden = parsed.success ? parsed.data : null;
  } catch {
    hidden = null;
  }
  const question = ownOrForeign(field('Question'));
  if (!question) return 'empty front';
  const options = [...field('Options').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => ownOrForeign(m[1] ?? ''));
  const multiple = MULTIPLE_CHOICE_TYPES.includes(type);
  const correct = field('Correct').trim().toUpperCase();
  const correctAnswerIndex = multiple && /^[A-Z]$/.test(correct) ? correct.charCodeAt(0) - 65 : null;
  if (multiple && (correctAnswerIndex === null || correctAnswerIndex >= options.length)) return 'no correct option';
  const shown = ownOrForeign(field('Answer'));
  const base: ExchangeQuestion = {
    id: note.guid,
    question,
    questionType: type,
    options: multiple ? options : [],
    correctAnswerIndex,
    correctAnswerText: multiple ? (options[correctAnswerIndex ?? 0] ?? null) : null,
    expectedAnswer: multiple ? null : shown || null,
    answer: null,
    caseContext: ownOrForeign(field('Case context')) || null,
    explanation: ownOrForeign(field('Explanation')) || null,
    sourceCitation: ownOrForeign(field('Source')) || null,
    concepts: conceptsOfTags(tags),
  };
  if (hidden) {
    const candidate = { ...base, correctAnswerText: hidden.correctAnswerText, expectedAnswer: hidden.expectedAnswer, answer: hidden.answer };
    // The answer fields as Mnemo had them, unless the learner edited the Answer in Anki.
    if (displayAnswer(candidate) === (multiple ? (options[correctAnswerIndex ?? 0] ?? '') : shown)) Object.assign(base, candidate);
    if (hidden.concepts.map(toTag).sort().join(' ') === tags.filter((t) => !/^type::/i.test(t)).sort().join(' ')) base.concepts = hidden.concepts;
  }
  const log = card ? (logByCard.get(card.id) ?? []) : [];
  const untouched =
    hidden &&
    'review' in hidden &&
    card &&
    card.reps === hidden.anki.reps &&
    card.lapses === hidden.anki.lapses &&
    log.length === hidden.anki.revlog;
  if (untouched) return { ...base, review: hidden?.review ?? null, reviewLog: hidden?.reviewLog ?? [] };
  return { ...base, ...reviewFromAnki(card, log, crt) };
}

/**
 * A plain Anki card (a basic note's card or one cloze deletion) as a free-response question with
 * the card's review history: both readers build it the same way.
 */
function freeResponseOfAnki(
  text: { question: string; answer: string; explanation: string | null; concepts: string[] },
  card: CardRow | undefined,
  logByCard: Map<number, RevlogRow[]>,
  crt: number,
): ExchangeQuestion {
  return {
    question: text.question,
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: text.answer,
    answer: null,
    caseContext: null,
    explanation: text.explanation,
    sourceCitation: null,
    concepts: text.concepts,
    ...reviewFromAnki(card, card ? (logByCard.get(card.id) ?? []) : [], crt),
  };
}

const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

function readClozeNote(
  fields: string[],
  concepts: string[],
  cards: CardRow[],
  logByCard: Map<number, RevlogRow[]>,
  crt: number,
): ExchangeQuestion[] | string {
  const text = fields[0] ?? '';
  const numbers = [...new Set([...text.matchAll(CLOZE)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  if (numbers.length === 0) return 'cloze note without deletions';
  const extra = fields.slice(1).map(htmlToMarkdown).filter(Boolean).join('\n\n') || null;
  const out: ExchangeQuestion[] = [];
  for (const n of numbers) {
    const hiddenParts: string[] = [];
    const hints: string[] = [];
    // The blank goes in as a plain token and becomes "[...]" after the markdown conversion, which
    // would otherwise escape the brackets.
    const blanked = text.replace(CLOZE, (_m, num: string, content: string, hint?: string) => {
      if (Number(num) !== n) return content;
      hiddenParts.push(content);
      hints.push(hint ? `[${stripHtml(hint)}]` : '[...]');
      return `MNEMOCLOZEBLANK${hints.length - 1}X`;
    });
    const question = htmlToMarkdown(blanked).replace(/MNEMOCLOZEBLANK(\d+)X/g, (_m, i: string) => hints[Number(i)] ?? '[...]');
    const answer = hiddenParts.map(htmlToMarkdown).join(' … ');
    if (!question || !answer) continue;
    const card = cards.find((c) => c.ord === n - 1);
    out.push(freeResponseOfAnki({ question, answer, explanation: extra, concepts }, card, logByCard, crt));
  }
  return out.length ? out : 'empty cloze';
}

const iso = (msValue: number) => new Date(msValue).toISOString();
const daysBetween = (a: number, b: number) => Math.max(0, Math.round((b - a) / (DAY_S * 1000)));

/**
 * A card's state and log from Anki's columns. What Anki does not keep (the card before each
 * answer) is left at zero. Stability and difficulty come from the FSRS memory state when Anki has
 * one; else the interval stands in for stability and difficulty is FSRS's midpoint, 5, and the
 * review is marked `estimated`: the importer replays the revlog with FSRS instead.
 */
function reviewFromAnki(
  card: CardRow | undefined,
  revlog: RevlogRow[],
  crt: number,
): { review: ExchangeReview | null; reviewLog: ExchangeReviewLog[] } {
  const answers = revlog.filter((r) => r.ease >= 1 && r.ease <= 4 && r.type <= 3);
  const reviewLog: ExchangeReviewLog[] = [];
  let previousAt: number | null = null;
  let previousElapsed = 0;
  answers.forEach((r, k) => {
    const elapsed = previousAt === null ? 0 : daysBetween(previousAt, r.id);
    reviewLog.push({
      reviewedAt: iso(r.id),
      rating: r.ease as ExchangeRating,
      state: k === 0 && r.type === 0 ? 'new' : r.type === 1 || r.type === 3 ? 'review' : r.type === 2 ? 'relearning' : 'learning',
      due: iso(r.id),
      stability: 0,
      difficulty: 0,
      elapsedDays: elapsed,
      lastElapsedDays: previousElapsed,
      scheduledDays: Math.max(0, r.lastIvl),
      learningSteps: 0,
      durationMs: Math.max(0, r.time),
    });
    previousAt = r.id;
    previousElapsed = elapsed;
  });
  if (!card || card.type === 0 || card.type > 3) return { review: null, reviewLog };
  let data: { s?: unknown; d?: unknown; lrt?: unknown } = {};
  try {
    data = JSON.parse(card.data || '{}') as typeof data;
  } catch {
    data = {};
  }
  const state = CARD_STATES[card.type] ?? 'review';
  const dueMs = card.queue === 1 || (card.type !== 2 && card.due > 1_000_000_000) ? card.due * 1000 : (crt + card.due * DAY_S) * 1000;
  const last = answers[answers.length - 1];
  const lastReviewMs = typeof data.lrt === 'number' ? data.lrt * 1000 : (last?.id ?? null);
  const before = answers[answers.length - 2];
  const memory = typeof data.s === 'number' && typeof data.d === 'number';
  const review: ExchangeReview = {
    state,
    due: iso(dueMs),
    stability: memory ? (data.s as number) : Math.max(card.ivl, 0.1),
    difficulty: memory ? (data.d as number) : 5,
    elapsedDays: last && before ? daysBetween(before.id, last.id) : 0,
    scheduledDays: Math.max(0, card.ivl),
    learningSteps: 0,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: lastReviewMs === null ? null : iso(lastReviewMs),
    lastRating: last ? ratingName(last.ease as ExchangeRating) : 'good',
    ...(memory ? {} : { estimated: true }),
  };
  return { review, reviewLog };
}

