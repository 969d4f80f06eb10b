import { randomUUID } from 'node:crypto';
import {
  DELIMITED_FORMATS,
  EXPORT_FILES,
  exportFilename,
  importFormatOfFilename,
  IMPORT_EXTENSIONS,
  type ExportFormat,
  type ImportDeckResponse,
  type ImportFormat,
  type ImportPreviewResponse,
  type SkippedCard,
} from '@mnemo/contracts/api/exchange';
import { REVIEW_RATINGS, REVIEW_SETTINGS_DEFAULTS, type ReviewRating } from '@mnemo/contracts/api/review';
import { DECK_DESCRIPTION_MAX, DECK_TITLE_MAX, FALLBACK_DECK_TITLE } from '@mnemo/contracts/entities/deck';
import { isCorrectAnswer, MULTIPLE_CHOICE_TYPES, normalizeConcepts, questionContent } from '@mnemo/contracts/entities/question';
import { findUnstorableText, isStorableText } from '@mnemo/contracts/text';
import { httpUrlSchema, linkSourceType } from '@mnemo/contracts/api/sources';
import { cutSourceTitle } from '@mnemo/contracts/entities/source';
import type { ExchangeDeck, ExchangeQuestion, ExchangeReviewLog, ExchangeSource } from '@mnemo/exchange/model';
import type { Owner } from '@mnemo/db/owner';
import type { NewSource } from '@mnemo/db/schema';
import { AppError } from '@mnemo/service-kit';
import type { DecksRepository } from '../decks/decks.repository';
import type { DecksService } from '../decks/decks.service';
import { cardLimitReached, checkDeckCount, limitScope, lockOwnerLimits, type Caller, type LimitsOf } from '../decks/limits';
import { spaceNotFound } from '../decks/decks.service';
import { deckNotFound } from '../sources/sources.service';
import type { ReviewRepository } from '../review/review.repository';
import { replay, type CardFields } from '../review/scheduler';
import { readDeck, previewDeck, writeDeck } from './exchange.formats';
import type { ExchangeRepository } from './exchange.repository';

export type ExportedFile = { filename: string; contentType: string; body: Buffer };
export type ImportFile = { filename: string; bytes: Uint8Array };

const ratingNumber = (r: ReviewRating) => (REVIEW_RATINGS.indexOf(r) + 1) as 1 | 2 | 3 | 4;
const ratingName = (n: number): ReviewRating => REVIEW_RATINGS[n - 1] ?? 'again';
/** A review's FSRS figures: named and measured alike in the review log and the exchange model. */
type FsrsFigures = Pick<
  ExchangeReviewLog,
  'stability' | 'difficulty' | 'elapsedDays' | 'lastElapsedDays' | 'scheduledDays' | 'learningSteps'
>;
const fsrsFigures = (l: FsrsFigures): FsrsFigures => ({
  stability: l.stability,
  difficulty: l.difficulty,
  elapsedDays: l.elapsedDays,
  lastElapsedDays: l.lastElapsedDays,
  scheduledDays: l.scheduledDays,
  learningSteps: l.learningSteps,
});

/** The format of an import: the form's, else the file name's; 415 when neither says one. */
function formatOf(file: ImportFile, named: ImportFormat | undefined): ImportFormat {
  const format = named ?? importFormatOfFilename(file.filename);
  if (!format) {
    throw new AppError(
      'UNSUPPORTED_FILE',
      `Only Anki packages, CSV, TSV, Quizlet text and Mnemo JSON files (${Object.keys(IMPORT_EXTENSIONS).join(', ')}) can be imported`,
    );
  }
  return format;
}

/** Why a read question cannot become one of ours, or null when it can. */
function refusal(q: ExchangeQuestion): string | null {
  if (!q.question.trim()) return 'empty front';
  if (MULTIPLE_CHOICE_TYPES.includes(q.questionType)) {
    if (q.options.length < 2) return 'a multiple-choice question needs at least two options';
    if (q.correctAnswerIndex === null || q.correctAnswerIndex >= q.options.length) return 'the correct option is not one of the options';
  }
  if (findUnstorableText(q)) return 'contains a character that cannot be stored (a NUL byte or a broken Unicode escape)';
  return null;
}

/** Text that can be stored as it is, else null. */
const storable = (value: string | null | undefined): string | null => (value && isStorableText(value) ? value : null);

/**
 * An imported source as a row: its metadata only (title, type, link or file name, summary, key
 * points). A Mnemo file never carries a source's extracted text or its document, so the source
 * arrives `completed` with no content and no chunks: the deck shows it with its summary and key
 * points (and its link, for a website or video); the chat's retrieval finds no passage of it and
 * answers from the deck's other sources and its cards; processing it again answers it as it is
 * (only pending and failed sources are processed), so the worker is never sent a source with
 * nothing to read. To read the text again, the learner adds the link or document as a new source.
 * A link that is not http(s) is dropped (it would become a link in the source view), and a link's
 * type is decided from its address as for an added link (youtube or website).
 */
function sourceRow(source: ExchangeSource, deckId: string, createdAt: Date): NewSource & { id: string } {
  const url = httpUrlSchema.safeParse(source.url ?? '');
  const isLink = source.type === 'website' || source.type === 'youtube';
  const link = isLink && url.success ? url.data : null;
  const filename = isLink ? null : storable([...(source.filename?.trim() ?? '')].slice(0, 255).join(''));
  const title = [storable(source.title), filename, link].map((t) => cutSourceTitle(t ?? '')).find(Boolean);
  return {
    id: randomUUID(),
    deckId,
    type: link ? linkSourceType(link) : isLink ? 'website' : 'document',
    url: link,
    originalFilename: filename,
    title: title ?? IMPORTED_SOURCE_TITLE,
    summary: storable(source.summary),
    keyPoints: (source.keyPoints ?? []).filter((k) => isStorableText(k)),
    processingStatus: 'completed',
    notes: [IMPORTED_SOURCE_NOTE],
    createdAt,
  };
}
const IMPORTED_SOURCE_TITLE = 'Imported source';
/** Shown under the source in the deck (sources' notes): why it has a summary but no text. */
export const IMPORTED_SOURCE_NOTE =
  'Imported from a deck file: its summary and key points came along, its text did not. Add the link or document again to study from its text.';

/** A card's scheduling state as the exchange model writes it (a stored card or a replayed one):
 * the scheduler's card columns, where a replayed card may not carry a last review. */
type SchedulingState = Omit<CardFields, 'lastReview'> & { lastReview?: Date | null | undefined };
function exchangeReview(card: SchedulingState, lastRating: ReviewRating): NonNullable<ExchangeQuestion['review']> {
  return {
    state: card.state,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsedDays,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.lastReview?.toISOString() ?? null,
    lastRating,
  };
}

/**
 * A card whose file has no FSRS memory state (`estimated`: an Anki card scheduled by SM-2, with
 * only its revlog) gets its card and each answer's figures by replaying its log with the review
 * module's scheduler, each answer at its own desired retention or else the importer's: the
 * learner's schedule continues from their history, and the stored card is what rebuilding from the
 * log gives, as for every card Mnemo schedules. A card without a log keeps the file's stand-ins.
 */
function withMemoryFromLog(q: ExchangeQuestion, desiredRetention: number): ExchangeQuestion {
  if (!q.review?.estimated || !q.reviewLog?.length) return q;
  const log = [...q.reviewLog].sort((a, b) => Date.parse(a.reviewedAt) - Date.parse(b.reviewedAt));
  const answers = log.map((l) => ({ ...l, desiredRetention: l.desiredRetention ?? desiredRetention }));
  const { card, logs } = replay(answers.map((l) => ({ reviewedAt: new Date(l.reviewedAt), rating: ratingName(l.rating), desiredRetention: l.desiredRetention })));
  if (!card) return q;
  return {
    ...q,
    review: exchangeReview(card, ratingName(answers[answers.length - 1]!.rating)),
    reviewLog: answers.map((l, i) => {
      const before = logs[i]!;
      return { ...l, ...fsrsFigures(before), state: before.state, due: before.due.toISOString() };
    }),
  };
}

/** A title the deck can have: the file's deck title, else the file name without its ending. */
function titleOf(read: string, filename: string): string {
  const fromName = filename.replace(/\.[^.]*$/, '');
  const title = [...(read.trim() || fromName.trim() || FALLBACK_DECK_TITLE)].slice(0, DECK_TITLE_MAX).join('');
  return findUnstorableText(title) ? FALLBACK_DECK_TITLE : title;
}

/**
 * Export and import of decks (issue 24). Export: the owner gets their own review state and log with
 * the deck; anyone else who may view it (published, or a class member) gets the deck without the
 * owner's history; a deck the caller may not view is 404. Import: a new deck in the caller's space,
 * with the plan's deck and card limits, its questions and the importer's schedule written in ONE
 * transaction, so a refused or failed import leaves nothing.
 */
export function createExchangeService({
  exchange,
  reviews,
  decks,
  deckViews,
  limitsOf,
}: {
  exchange: ExchangeRepository;
  /** The learner's review cards come from the review module's own query. */
  reviews: Pick<ReviewRepository, 'deckCards'>;
  decks: Pick<DecksRepository, 'ownsSpace' | 'countDecks' | 'insert'>;
  deckViews: Pick<DecksService, 'get'>;
  limitsOf: LimitsOf;
}) {
  /** The deck as the exchange model holds it, with the caller's own history when it is theirs. */
  async function snapshot(owner: Owner, deckId: string): Promise<{ deck: ExchangeDeck; withHistory: boolean }> {
    const deck = await exchange.deck(owner, deckId);
    if (!deck || !deck.rights.canView) throw deckNotFound();
    const [questions, sources] = await Promise.all([exchange.questions(deckId), exchange.sources(deckId)]);
    const withHistory = deck.rights.isOwner;
    const [cards, logs] = withHistory
      ? await Promise.all([reviews.deckCards(owner, deckId), exchange.reviewLogs(owner, deckId)])
      : [[], []];
    const cardOf = new Map(cards.map((c) => [c.questionId, c]));
    // The log as answered, each review with its latest rating (an override replaces it).
    const latest = new Map<string, ReviewRating>();
    for (const l of logs) if (l.kind === 'override' && l.overridesId) latest.set(l.overridesId, l.rating);
    const logOf = new Map<string, ExchangeReviewLog[]>();
    for (const l of logs) {
      if (l.kind !== 'review') continue;
      const entry: ExchangeReviewLog = {
        reviewedAt: l.reviewedAt.toISOString(),
        rating: ratingNumber(latest.get(l.id) ?? l.rating),
        state: l.state,
        due: l.due.toISOString(),
        ...fsrsFigures(l),
        durationMs: l.timeTakenMs,
        desiredRetention: l.desiredRetention,
      };
      logOf.set(l.questionId, [...(logOf.get(l.questionId) ?? []), entry]);
    }
    const exported: ExchangeDeck = {
      title: deck.title,
      description: deck.description,
      sources: sources.map((s) => ({
        title: s.title,
        type: s.type,
        url: s.url,
        filename: s.originalFilename,
        summary: s.summary,
        keyPoints: s.keyPoints,
      })),
      questions: questions.map((q) => {
        const card = cardOf.get(q.id);
        return {
          id: q.id,
          ...questionContent(q),
          answer: q.answer,
          caseContext: q.caseContext,
          sourceCitation: q.sourceTitle,
          concepts: q.concepts,
          review: card ? exchangeReview(card, card.lastRating) : null,
          ...(withHistory ? { reviewLog: logOf.get(q.id) ?? [] } : {}),
        };
      }),
    };
    return { deck: exported, withHistory };
  }

  return {
    /** GET /decks/:id/export: the deck as a file in the format asked for. */
    async exportDeck(owner: Owner, deckId: string, format: ExportFormat): Promise<ExportedFile> {
      const { deck, withHistory } = await snapshot(owner, deckId);
      return {
        filename: exportFilename(deck.title, format),
        contentType: EXPORT_FILES[format].contentType,
        body: await writeDeck(format, deck, { withHistory }),
      };
    },

    /** POST /decks/import/preview: what a delimited file's columns and first rows will become. */
    async preview(file: ImportFile, named: ImportFormat | undefined): Promise<ImportPreviewResponse> {
      const format = formatOf(file, named);
      if (!DELIMITED_FORMATS.includes(format)) {
        throw new AppError('BAD_REQUEST', 'Only CSV, TSV and Quizlet text files have a preview; import Anki packages and Mnemo JSON directly');
      }
      return { success: true, ...(await previewDeck(format, file.bytes)) };
    },

    /**
     * POST /decks/import: a new deck in the caller's space holding the file's cards as questions,
     * and the file's review history as the caller's schedule. The file is read whole before the
     * transaction; inside it, limits are checked under the owner's limit lock and everything is
     * written or nothing.
     */
    async importDeck(caller: Caller, input: { file: ImportFile; studySpace: string; format?: ImportFormat | undefined }): Promise<ImportDeckResponse> {
      const format = formatOf(input.file, input.format);
      const read = await readDeck(format, input.file.bytes, titleOf('', input.file.filename));
      const skipped: SkippedCard[] = [...read.skipped];
      const kept: ExchangeQuestion[] = [];
      read.deck.questions.forEach((q, i) => {
        const why = refusal(q);
        if (why) skipped.push({ line: i + 1, reason: why });
        else kept.push(q);
      });
      if (kept.length === 0) {
        throw new AppError('IMPORT_INVALID', `This file holds no card that can be imported${skipped[0] ? ` (line ${skipped[0].line}: ${skipped[0].reason})` : ''}`, {
          details: { reason: 'EXCHANGE_EMPTY', skipped: skipped.slice(0, 20) },
        });
      }
      skipped.sort((a, b) => a.line - b.line);

      const deckId = await exchange.transaction(async (tx) => {
        await lockOwnerLimits(tx, caller.owner);
        if (!(await decks.ownsSpace(caller.owner, input.studySpace, tx))) throw spaceNotFound();
        await checkDeckCount(tx, { decks, limitsOf }, caller, limitScope(caller, input.studySpace));
        const maxCards = limitsOf(caller.plan).cardsPerDeck;
        if (maxCards !== null && kept.length > maxCards) throw cardLimitReached(caller, kept.length, maxCards, 'import it');

        const description = read.deck.description ?? '';
        const deck = await decks.insert(tx, caller.owner, {
          title: titleOf(read.deck.title, input.file.filename),
          description: findUnstorableText(description) ? '' : [...description].slice(0, DECK_DESCRIPTION_MAX).join(''),
          focusInstructions: null,
          studySpaceId: input.studySpace,
          length: null,
          questionTypes: null,
        });
        // Sources first (questions cite them); each a millisecond apart so they keep the file's order.
        const started = Date.now();
        const sourceRows = read.deck.sources.map((source, i) => sourceRow(source, deck.id, new Date(started + i)));
        await exchange.insertSources(tx, sourceRows);
        // A question's citation names its source by title (what every export writes): it points
        // at the imported source of that title when exactly one has it.
        const byTitle = new Map<string, string | null>();
        for (const r of sourceRows) byTitle.set(r.title!, byTitle.has(r.title!) ? null : r.id);

        // Ids given here, so the cards and log below need no rows back from the insert.
        const ids = kept.map(() => randomUUID());
        const rows = kept.map((q, position) => ({
          id: ids[position]!,
          deckId: deck.id,
          sourceId: (q.sourceCitation && byTitle.get(q.sourceCitation)) || null,
          question: q.question,
          questionType: q.questionType,
          options: MULTIPLE_CHOICE_TYPES.includes(q.questionType) ? q.options : [],
          correctAnswerIndex: MULTIPLE_CHOICE_TYPES.includes(q.questionType) ? q.correctAnswerIndex : null,
          correctAnswerText: q.correctAnswerText,
          expectedAnswer: q.expectedAnswer,
          caseContext: q.caseContext,
          // Our questions have one explanation field: a format's separate explanation fills it when
          // the card has none of its own.
          answer: q.answer ?? q.explanation ?? null,
          concepts: normalizeConcepts(q.concepts),
          position,
          // A question the learner has a card for has left the new ones (the review queue's rule).
          studied: Boolean(q.review),
        }));
        await exchange.insertQuestions(tx, rows);

        const settings = (await exchange.settings(tx, caller.owner)) ?? REVIEW_SETTINGS_DEFAULTS;
        const cards = [];
        const logs = [];
        for (const [i, read] of kept.entries()) {
          const questionId = ids[i]!;
          const q = withMemoryFromLog(read, settings.desiredRetention);
          if (q.review) {
            const r = q.review;
            cards.push({
              questionId,
              deckId: deck.id,
              state: r.state,
              due: new Date(r.due),
              stability: r.stability,
              difficulty: r.difficulty,
              elapsedDays: r.elapsedDays,
              scheduledDays: r.scheduledDays,
              learningSteps: r.learningSteps,
              reps: r.reps,
              lapses: r.lapses,
              lastReview: r.lastReview ? new Date(r.lastReview) : null,
              lastRating: r.lastRating,
            });
          }
          for (const l of q.reviewLog ?? []) {
            logs.push({
              questionId,
              deckId: deck.id,
              kind: 'review' as const,
              rating: ratingName(l.rating),
              state: l.state,
              due: new Date(l.due),
              ...fsrsFigures(l),
              // A file's answer carries no evaluation: not right, as isCorrectAnswer reads none.
              correct: isCorrectAnswer(null),
              timeTakenMs: l.durationMs ?? null,
              reviewedAt: new Date(l.reviewedAt),
              desiredRetention: l.desiredRetention ?? settings.desiredRetention,
            });
          }
        }
        await exchange.insertSchedule(tx, caller.owner, { deckId: deck.id, cards, logs, timeZone: settings.timeZone });
        return deck.id;
      });

      const { success: _, ...deck } = await deckViews.get(caller.owner, deckId);
      return { success: true, deck, imported: kept.length, skipped };
    },
  };
}
export type ExchangeService = ReturnType<typeof createExchangeService>;
