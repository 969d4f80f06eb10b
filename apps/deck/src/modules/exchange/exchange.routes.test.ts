import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { REVIEW_SETTINGS_DEFAULTS } from '@mnemo/contracts/api/review';
import { ownedBy } from '@mnemo/db/owner';
import { decks, questions, reviewCards, reviewDays, reviewLogs, sources } from '@mnemo/db/schema';
import { ankiAnswers, ankiHistoryApkg } from '@mnemo/exchange/testing';
import { asCaller } from '@mnemo/service-kit/testing';
import { anonCaller, callAs, deckAppForFile, expectError, ownerOf, registerCaller, userCaller } from '../../test-support';
import { insertQuestion } from '../questions/questions.test-support';
import { createReviewRepository, recountAllDays } from '../review/review.repository';
import { createReviewService } from '../review/review.service';
import { IMPORTED_SOURCE_NOTE } from './exchange.service';

const DAY = 24 * 3_600_000;
let clock = new Date('2026-03-10T12:00:00Z');
const t = deckAppForFile({ now: () => clock });

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t, caller, method, url, payload);

async function space(caller: Caller, title = 'Biology') {
  await registerCaller(t, caller);
  const res = await call(caller, 'POST', '/spaces', { title });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}

/**
 * An owner's deck in their space with one question of each type, concepts on each, and review
 * history on the two multiple-choice ones (answered, then answered again two days later).
 */
async function studiedDeck(owner: Caller) {
  const spaceId = await space(owner);
  const res = await call(owner, 'POST', '/decks', { title: 'Cells: the basics', studySpace: spaceId });
  expect(res.statusCode, res.body).toBe(201);
  const deckId = (res.json() as { _id: string })._id;
  const [website, document] = await t.db
    .insert(sources)
    .values([
      {
        deckId,
        type: 'website',
        url: 'https://example.org/cells',
        title: 'Cell biology',
        summary: 'How cells make energy.',
        keyPoints: ['Mitochondria make ATP', 'Respiration needs oxygen'],
        content: 'The text of the page.',
        processingStatus: 'completed',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        deckId,
        type: 'document',
        originalFilename: 'Lecture 3 — cells.pdf',
        storageRef: 'documents/lecture-3.pdf',
        title: 'Lecture 3',
        summary: null,
        keyPoints: [],
        content: 'The text of the lecture.',
        processingStatus: 'completed',
        createdAt: new Date('2026-03-01T10:00:01Z'),
      },
    ])
    .returning({ id: sources.id });
  const mc = await insertQuestion(t, { deckId, position: 0, concepts: ['mitochondria', 'energy'], sourceId: website!.id });
  const caseMc = await insertQuestion(t, {
    deckId,
    position: 1,
    question: 'Which organelle is failing?',
    questionType: 'case_multiple_choice',
    caseContext: 'A patient tires quickly; muscle biopsy shows ragged red fibres.',
    options: ['Mitochondrion', 'Ribosome', 'Golgi body'],
    correctAnswerIndex: 0,
    correctAnswerText: 'Mitochondrion',
    concepts: ['mitochondrial disease'],
    sourceId: document!.id,
  });
  await insertQuestion(t, {
    deckId,
    position: 2,
    question: 'Explain what mitochondria do, in a sentence, "with quotes", and a comma.',
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: 'They make ATP\nby respiration.',
    concepts: ['respiration'],
  });
  await insertQuestion(t, {
    deckId,
    position: 3,
    question: 'What should the doctor test next?',
    questionType: 'case_free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    caseContext: 'Lactate is high after light exercise.',
    expectedAnswer: 'Mitochondrial DNA',
    concepts: ['diagnosis'],
  });
  clock = new Date('2026-03-10T12:00:00Z');
  for (const [q, response] of [[mc, 0], [caseMc, 1]] as const) {
    const r = await call(owner, 'POST', `/questions/${q.id}/evaluate`, { response });
    expect(r.statusCode, r.body).toBe(200);
  }
  clock = new Date(clock.getTime() + 2 * DAY);
  const again = await call(owner, 'POST', `/questions/${mc.id}/evaluate`, { response: 0 });
  expect(again.statusCode, again.body).toBe(200);
  return { deckId, spaceId };
}

async function exportDeck(caller: Caller, deckId: string, format: string) {
  return t.app.inject({ method: 'GET', url: `/decks/${deckId}/export?format=${format}`, headers: asCaller(caller) });
}

async function importFile(caller: Caller, spaceId: string, bytes: Buffer | string, filename: string, format?: string) {
  const form = new FormData();
  form.append('studySpace', spaceId);
  if (format) form.append('format', format);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), filename);
  return t.app.inject({ method: 'POST', url: '/decks/import', headers: asCaller(caller), payload: form });
}

const questionsOf = (deckId: string) =>
  t.db.select().from(questions).where(eq(questions.deckId, deckId)).orderBy(questions.position);
const comparable = (rows: Awaited<ReturnType<typeof questionsOf>>) =>
  rows.map((q) => ({
    question: q.question,
    questionType: q.questionType,
    options: q.options,
    correctAnswerIndex: q.correctAnswerIndex,
    expectedAnswer: q.expectedAnswer,
    caseContext: q.caseContext,
    concepts: q.concepts,
  }));
/** The learner's schedule on a deck, question by question in deck order. */
async function scheduleOf(caller: Caller, deckId: string) {
  const qs = await questionsOf(deckId);
  const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.deckId, deckId));
  const logs = await t.db.select().from(reviewLogs).where(eq(reviewLogs.deckId, deckId));
  const owner = ownerOf(caller);
  return qs.map((q) => {
    const card = cards.find((c) => c.questionId === q.id && (c.ownerUserId ?? c.ownerAnonId) === (owner.userId ?? owner.anonId));
    return {
      studied: q.studied,
      card: card && {
        state: card.state,
        due: card.due.toISOString(),
        stability: card.stability,
        difficulty: card.difficulty,
        reps: card.reps,
        lapses: card.lapses,
        lastRating: card.lastRating,
        lastReview: card.lastReview?.toISOString(),
      },
      log: logs
        .filter((l) => l.questionId === q.id)
        .map((l) => ({ rating: l.rating, state: l.state, reviewedAt: l.reviewedAt.toISOString(), stability: l.stability }))
        .sort((a, b) => a.reviewedAt.localeCompare(b.reviewedAt)),
    };
  });
}

async function expectRoundTrip(format: 'json' | 'apkg') {
  const owner = userCaller();
  const { deckId } = await studiedDeck(owner);
  const exported = await exportDeck(owner, deckId, format);
  expect(exported.statusCode, exported.body).toBe(200);
  const target = await space(owner, 'Imported');
  const imported = await importFile(owner, target, exported.rawPayload, `deck.${format}`);
  expect(imported.statusCode, imported.body).toBe(200);
  const answer = route('POST /decks/import').response.parse(imported.json());
  expect(answer.imported).toBe(4);
  expect(answer.skipped).toEqual([]);
  expect(answer.deck.studySpace).toBe(target);
  expect(answer.deck.title).toBe('Cells: the basics');
  expect(comparable(await questionsOf(answer.deck._id))).toEqual(comparable(await questionsOf(deckId)));
  const before = await scheduleOf(owner, deckId);
  expect(before.filter((q) => q.card).length).toBe(2);
  expect(await scheduleOf(owner, answer.deck._id)).toEqual(before);
  // The import recounted the day summaries it touched: they equal a recount of the whole log
  // (the imported answers fall on the days of the original's, so those days count both).
  const days = () => t.db.select().from(reviewDays).where(ownedBy(reviewDays, ownerOf(owner))).orderBy(reviewDays.day);
  const afterImport = (await days()).map(({ id: _, ...d }) => d);
  expect(afterImport.reduce((n, d) => n + d.reviews, 0)).toBe(2 * before.reduce((n, q) => n + q.log.length, 0));
  await t.db.transaction((tx) => recountAllDays(tx, ownerOf(owner), REVIEW_SETTINGS_DEFAULTS.timeZone));
  expect((await days()).map(({ id: _, ...d }) => d)).toEqual(afterImport);
  // The imported log replays to the imported card: the schedule continues where it stopped.
  const review = createReviewService({
    reviews: createReviewRepository({ db: t.db }),
    decks: { schedulesDeck: async () => true, viewsDeck: async () => true },
    now: () => clock,
  });
  for (const q of await questionsOf(answer.deck._id)) {
    if (!q.studied) continue;
    const [card] = await t.db.select().from(reviewCards).where(eq(reviewCards.questionId, q.id));
    const rebuilt = await review.rebuildFromLog(ownerOf(owner), q.id);
    expect(rebuilt?.due).toEqual(card!.due);
    expect(rebuilt?.stability).toBeCloseTo(card!.stability, 6);
  }
  return { owner, imported: answer };
}

describe('GET /decks/:id/export', () => {
  it('sends the owner a JSON file named after the deck, with their review state and log', async () => {
    const owner = userCaller();
    const { deckId } = await studiedDeck(owner);
    const res = await exportDeck(owner, deckId, 'json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="Cells the basics.json"');
    const file = JSON.parse(res.body) as { deck: { questions: { review?: unknown; reviewLog?: unknown[]; concepts: string[] }[] } };
    expect(file.deck.questions).toHaveLength(4);
    expect(file.deck.questions[0]!.concepts).toEqual(['mitochondria', 'energy']);
    expect(file.deck.questions[0]!.review).toMatchObject({ state: expect.any(String), reps: 2 });
    expect(file.deck.questions[0]!.reviewLog).toHaveLength(2);
  });

  it('gives anyone the published deck without the owner’s history, and others a private deck as 404', async () => {
    const owner = userCaller();
    const { deckId } = await studiedDeck(owner);
    const outsider = userCaller();
    const guest = anonCaller();
    await registerCaller(t, outsider);
    expectError(await exportDeck(outsider, deckId, 'json'), 404, 'NOT_FOUND');
    expectError(await exportDeck(guest, deckId, 'csv'), 404, 'NOT_FOUND');
    const published = await call(owner, 'PUT', `/decks/${deckId}/publish`, { isPublished: true });
    expect(published.statusCode, published.body).toBe(200);
    for (const viewer of [outsider, guest]) {
      const res = await exportDeck(viewer, deckId, 'json');
      expect(res.statusCode, res.body).toBe(200);
      const file = JSON.parse(res.body) as { deck: { questions: { review?: unknown; reviewLog?: unknown }[] } };
      expect(file.deck.questions).toHaveLength(4);
      for (const q of file.deck.questions) {
        expect(q.review ?? null).toBeNull();
        expect(q.reviewLog ?? []).toEqual([]);
      }
    }
  });

  it('sends CSV and Quizlet text with their content types', async () => {
    const owner = userCaller();
    const { deckId } = await studiedDeck(owner);
    const csv = await exportDeck(owner, deckId, 'csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('What does the mitochondrion make?');
    const quizlet = await exportDeck(owner, deckId, 'quizlet');
    expect(quizlet.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(quizlet.headers['content-disposition']).toContain('.txt"');
    for (const q of ['What does the mitochondrion make?', 'Which organelle is failing?', 'What should the doctor test next?']) expect(quizlet.body).toContain(q);
  });

  it('refuses an unknown format', async () => {
    const owner = userCaller();
    const { deckId } = await studiedDeck(owner);
    expectError(await exportDeck(owner, deckId, 'pdf'), 400, 'VALIDATION_FAILED');
  });
});

describe('round trips through the API', () => {
  it('Mnemo → JSON → Mnemo gives an equal deck with the same review state', async () => {
    await expectRoundTrip('json');
  });

  it('JSON → Mnemo → JSON keeps the sources’ metadata and the questions’ citations', async () => {
    const owner = userCaller();
    const { deckId } = await studiedDeck(owner);
    const first = await exportDeck(owner, deckId, 'json');
    const target = await space(owner, 'Imported');
    const imported = await importFile(owner, target, first.rawPayload, 'deck.json');
    expect(imported.statusCode, imported.body).toBe(200);
    const newDeck = route('POST /decks/import').response.parse(imported.json()).deck._id;
    type File = { deck: { sources: unknown[]; questions: { sourceCitation?: string | null }[] } };
    const before = JSON.parse(first.body) as File;
    const after = JSON.parse((await exportDeck(owner, newDeck, 'json')).body) as File;
    expect(before.deck.sources).toEqual([
      { title: 'Cell biology', type: 'website', url: 'https://example.org/cells', filename: null, summary: 'How cells make energy.', keyPoints: ['Mitochondria make ATP', 'Respiration needs oxygen'] },
      { title: 'Lecture 3', type: 'document', url: null, filename: 'Lecture 3 — cells.pdf', summary: null, keyPoints: [] },
    ]);
    expect(after.deck.sources).toEqual(before.deck.sources);
    expect(after.deck.questions.map((q) => q.sourceCitation)).toEqual(['Cell biology', 'Lecture 3', null, null]);
    expect(after.deck.questions.map((q) => q.sourceCitation)).toEqual(before.deck.questions.map((q) => q.sourceCitation));

    // An imported source has its metadata but no text: shown as read, with no file behind it, and
    // processing it again answers it as it is instead of sending the worker nothing to read.
    const view = await call(owner, 'GET', `/decks/${newDeck}`);
    const shown = (view.json() as { sources: { _id: string; processingStatus: string; content?: string | null; storageRef: string | null; downloadUrl: string | null; notes?: string[] }[] }).sources;
    expect(shown.map((s) => [s.processingStatus, s.content ?? null, s.storageRef, s.downloadUrl, s.notes])).toEqual([
      ['completed', null, null, null, [IMPORTED_SOURCE_NOTE]],
      ['completed', null, null, null, [IMPORTED_SOURCE_NOTE]],
    ]);
    const again = await call(owner, 'POST', '/ai/process-source', { deckId: newDeck, sourceId: shown[0]!._id });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { source: { processingStatus: string } }).source.processingStatus).toBe('completed');
  });

  it('imports a hand-edited source’s link only when it is http(s), typing it from its address', async () => {
    const owner = userCaller();
    const target = await space(owner, 'Links');
    const file = {
      format: 'mnemo-deck',
      version: 1,
      deck: {
        title: 'Links',
        sources: [
          { title: 'Bad link', type: 'website', url: 'javascript:alert(1)', summary: 'x', keyPoints: [] },
          { title: '', type: 'website', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', keyPoints: [] },
          { title: 'Unknown kind', type: 'pdf', url: 'https://example.org/a.pdf', filename: 'a.pdf', keyPoints: ['k'] },
        ],
        questions: [{ question: 'Q?', questionType: 'free_response', options: [], correctAnswerIndex: null, correctAnswerText: null, expectedAnswer: 'A', answer: null, caseContext: null, concepts: [] }],
      },
    };
    const res = await importFile(owner, target, JSON.stringify(file), 'links.json');
    expect(res.statusCode, res.body).toBe(200);
    const deckId = route('POST /decks/import').response.parse(res.json()).deck._id;
    const rows = await t.db.select().from(sources).where(eq(sources.deckId, deckId)).orderBy(sources.createdAt);
    expect(rows.map((r) => [r.title, r.type, r.url, r.originalFilename, r.processingStatus])).toEqual([
      ['Bad link', 'website', null, null, 'completed'],
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', null, 'completed'],
      ['Unknown kind', 'document', null, 'a.pdf', 'completed'],
    ]);
  });

  it('Mnemo → .apkg → Mnemo gives an equal deck with the same review state', async () => {
    await expectRoundTrip('apkg');
  });

  it('an Anki history without FSRS memory states continues as an FSRS schedule replayed from its revlog', async () => {
    const owner = userCaller();
    const target = await space(owner, 'From Anki');
    const start = new Date('2026-01-05T09:00:00Z');
    const res = await importFile(owner, target, Buffer.from(await ankiHistoryApkg(start)), 'update1.apkg');
    expect(res.statusCode, res.body).toBe(200);
    const deckId = route('POST /decks/import').response.parse(res.json()).deck._id;
    const [q] = await questionsOf(deckId);
    expect(q).toMatchObject({ question: 'hello', expectedAnswer: 'world', studied: true });
    const [card] = await t.db.select().from(reviewCards).where(eq(reviewCards.questionId, q!.id));
    const log = await t.db.select().from(reviewLogs).where(eq(reviewLogs.questionId, q!.id)).orderBy(reviewLogs.reviewedAt);
    const answers = ankiAnswers(start);
    expect(log.map((l) => [l.reviewedAt.toISOString(), l.rating])).toEqual(
      answers.map((a) => [a.at.toISOString(), ['again', 'hard', 'good', 'easy'][a.ease - 1]]),
    );
    // Each answer carries FSRS's card before it (the first: a new card), not Anki's zeros.
    expect(log[0]).toMatchObject({ state: 'new', stability: 0, difficulty: 0 });
    for (const l of log.slice(1)) expect(l.stability).toBeGreaterThan(0);
    // The card is the replay of the log: what the review module rebuilds, a lapse after the
    // forgotten review, due after the last answer, and not the SM-2 interval standing in.
    const review = createReviewService({
      reviews: createReviewRepository({ db: t.db }),
      decks: { schedulesDeck: async () => true, viewsDeck: async () => true },
      now: () => clock,
    });
    const rebuilt = await review.rebuildFromLog(ownerOf(owner), q!.id);
    expect(card).toMatchObject({ state: rebuilt!.state, due: rebuilt!.due, reps: 6, lapses: 1, lastRating: 'good' });
    expect(card!.stability).toBeCloseTo(rebuilt!.stability, 9);
    expect(card!.difficulty).toBeCloseTo(rebuilt!.difficulty, 9);
    expect(card!.stability).not.toBe(1);
    expect(card!.lastReview?.toISOString()).toBe(answers[answers.length - 1]!.at.toISOString());
    expect(card!.due.getTime()).toBeGreaterThan(answers[answers.length - 1]!.at.getTime());
  });

  it('CSV → Mnemo → CSV keeps every card', async () => {
    const owner = userCaller();
    const target = await space(owner);
    const rows = Array.from({ length: 30 }, (_, i) => `"Term ${i}, with a comma","Definition ${i}\nover two lines"`);
    const res = await importFile(owner, target, `Front,Back\n${rows.join('\n')}\n`, 'words.csv');
    expect(res.statusCode, res.body).toBe(200);
    const answer = route('POST /decks/import').response.parse(res.json());
    expect(answer.imported).toBe(30);
    const qs = await questionsOf(answer.deck._id);
    expect(qs.every((q) => q.questionType === 'free_response')).toBe(true);
    const csv = (await exportDeck(owner, answer.deck._id, 'csv')).body;
    for (let i = 0; i < 30; i++) {
      expect(csv).toContain(`Term ${i}, with a comma`);
      expect(csv).toContain(`Definition ${i}\nover two lines`);
    }
  });

  it('Quizlet text → Mnemo → CSV keeps every card and reports the skipped lines', async () => {
    const owner = userCaller();
    const target = await space(owner);
    const text = 'Zelle\tcell\nKern\tnucleus\n\tno front\nRibosom\tribosome\n';
    const res = await importFile(owner, target, text, 'german.txt');
    expect(res.statusCode, res.body).toBe(200);
    const answer = route('POST /decks/import').response.parse(res.json());
    expect(answer.imported).toBe(3);
    expect(answer.skipped).toHaveLength(1);
    expect(answer.skipped[0]!.line).toBe(3);
    expect(answer.deck.title).toBe('german');
    const csv = (await exportDeck(owner, answer.deck._id, 'csv')).body;
    for (const word of ['Zelle', 'cell', 'Kern', 'nucleus', 'Ribosom', 'ribosome']) expect(csv).toContain(word);
  });
});

describe('POST /decks/import/preview', () => {
  it('shows the separator, the columns and the first rows of tab-separated text', async () => {
    const owner = userCaller();
    await registerCaller(t, owner);
    const form = new FormData();
    form.append('file', new Blob(['Question\tAnswer\nZelle\tcell\nKern\tnucleus\n']), 'words.tsv');
    const res = await t.app.inject({ method: 'POST', url: '/decks/import/preview', headers: asCaller(owner), payload: form });
    expect(res.statusCode, res.body).toBe(200);
    const preview = route('POST /decks/import/preview').response.parse(res.json());
    expect(preview.separator).toBe('\t');
    expect(preview.header).toBe(true);
    expect(preview.columns.map((c) => c.field)).toEqual(['question', 'answer']);
    expect(preview.rows).toEqual([['Zelle', 'cell'], ['Kern', 'nucleus']]);
    expect(preview.rowCount).toBe(2);
  });
});

describe('POST /decks/import refuses', () => {
  const deckCount = async (caller: Caller) => {
    const owner = ownerOf(caller);
    const rows = await t.db.select().from(decks);
    return rows.filter((d) => (d.ownerUserId ?? d.ownerAnonId) === (owner.userId ?? owner.anonId)).length;
  };

  it('a deck over the plan’s cards per deck with 402 limitReached, writing nothing', async () => {
    const guest = anonCaller();
    const target = await space(guest);
    const lines = Array.from({ length: 21 }, (_, i) => `Term ${i}\tDefinition ${i}`).join('\n');
    const body = expectError(await importFile(guest, target, lines, 'big.txt'), 402, 'LIMIT_REACHED');
    expect(body.limitReached).toBe(true);
    expect(body.error).toMatch(/21 cards; guests can have 20 cards per deck/);
    expect(await deckCount(guest)).toBe(0);
  });

  it('a hostile or broken file with a clear message, writing nothing', async () => {
    const owner = userCaller();
    const target = await space(owner);
    const broken = [
      ['deck.json', '{"format":"mnemo-deck","version":1,"deck":{"title":"x","questions":"nope"}}'],
      ['deck.json', 'not json at all'],
      ['deck.apkg', Buffer.from('PK\u0003\u0004 this is not a zip archive')],
      ['deck.csv', ''],
    ] as const;
    for (const [name, bytes] of broken) {
      const body = expectError(await importFile(owner, target, bytes as Buffer | string, name), 422, 'IMPORT_INVALID');
      expect(body.error.length).toBeGreaterThan(10);
      expect((body.details as { reason: string }).reason).toMatch(/^EXCHANGE_/);
    }
    const cell = `Front,Back\nshort,${'x'.repeat(200_000)}\n`;
    expectError(await importFile(owner, target, cell, 'cell.csv'), 422, 'IMPORT_INVALID');
    expect(await deckCount(owner)).toBe(0);
  });

  it('a file of another kind (415) and a space that is not the caller’s (404)', async () => {
    const owner = userCaller();
    const target = await space(owner);
    expectError(await importFile(owner, target, '%PDF-1.4', 'notes.pdf'), 415, 'UNSUPPORTED_FILE');
    const other = userCaller();
    await registerCaller(t, other);
    expectError(await importFile(other, target, 'a\tb\n', 'x.txt'), 404, 'NOT_FOUND');
    expect(await deckCount(other)).toBe(0);
  });

  it('a file over the plan’s upload size with 413', async () => {
    const guest = anonCaller();
    const target = await space(guest);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    expectError(await importFile(guest, target, big, 'big.csv'), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('lets a guest import into their own space, within their limits', async () => {
    const guest = anonCaller();
    const target = await space(guest);
    const res = await importFile(guest, target, 'Zelle\tcell\n', 'w.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(route('POST /decks/import').response.parse(res.json()).deck.isOwner).toBe(true);
  });
});
