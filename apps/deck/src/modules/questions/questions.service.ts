import type { z } from 'zod';
import type {
  AllQuestionsResponse,
  DeleteQuestionResponse,
  EvaluateQuestionResponse,
  ListQuestionsResponse,
  UpdateQuestionResponse,
  updateQuestionBodySchema,
} from '@mnemo/contracts/api/questions';
import { MULTIPLE_CHOICE_TYPES, questionContent, type QuestionType } from '@mnemo/contracts/entities/question';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { SourcesRepository } from '../sources/sources.repository';
import type { ReviewService } from '../review/review.service';
import type { Grading } from './grading.service';
import { presentQuestion } from './questions.presenter';
import type { QuestionChanges, QuestionRow, QuestionsRepository } from './questions.repository';

export type UpdateQuestionInput = z.output<typeof updateQuestionBodySchema>;

const CASE_TYPES: readonly QuestionType[] = ['case_multiple_choice', 'case_free_response'];
/** Options a multiple-choice question may have (the AI writes four; an editor may change that). */
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 10;

const deckNotFound = () => new AppError('NOT_FOUND', 'Deck not found');
const questionNotFound = () => new AppError('NOT_FOUND', 'Question not found');
const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

const sameText = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** An optional text field as stored: trimmed, empty as null. */
const textOrNull = (v: string | null | undefined) => (v ? v.trim() || null : null);

/**
 * The multiple-choice fields after an edit, checked for consistency. The spec's edit modal sends
 * only the correct answer's text: when it is one of the options, that option becomes the correct
 * one; otherwise the correct option's text is edited. A client that sends options or the index
 * too must send a text that matches them.
 */
function multipleChoiceAfter(current: QuestionRow, body: UpdateQuestionInput) {
  let options = body.options ? body.options.map((o) => o.trim()) : [...current.options];
  let index = body.correctAnswerIndex !== undefined ? body.correctAnswerIndex : current.correctAnswerIndex;
  if (body.correctAnswerText !== undefined) {
    const text = body.correctAnswerText?.trim();
    if (!text) throw invalid('A multiple-choice question needs its correct answer');
    if (body.options === undefined && body.correctAnswerIndex === undefined) {
      const at = options.findIndex((o) => sameText(o, text));
      if (at >= 0) index = at;
      else if (index !== null && index < options.length) options = options.map((o, i) => (i === index ? text : o));
      else throw invalid('The correct answer must be one of the options');
    } else if (index === null || !sameText(options[index], text)) {
      throw invalid('correctAnswerText must be the option at correctAnswerIndex');
    }
  }
  if (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS) {
    throw invalid(`A multiple-choice question has ${MIN_OPTIONS} to ${MAX_OPTIONS} options`);
  }
  if (options.some((o) => o === '')) throw invalid('An option cannot be empty');
  if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) throw invalid('Two options cannot be the same');
  if (index === null || index >= options.length) throw invalid('correctAnswerIndex must name one of the options');
  return { options, correctAnswerIndex: index, correctAnswerText: options[index]! };
}

export function createQuestionsService({
  questions,
  decks,
  grading,
  review,
}: {
  questions: QuestionsRepository;
  decks: Pick<SourcesRepository, 'ownsDeck' | 'viewsDeck'>;
  grading: Grading;
  /** Records the answer in the learner's review log (issue 20). */
  review?: Pick<ReviewService, 'recordAnswer'>;
}) {
  /** Reading is studying: the owner, or anyone when the deck is published (spec 02 §6). */
  async function requireViewableDeck(owner: Owner, deckId: string) {
    if (!(await decks.viewsDeck(owner, deckId))) throw deckNotFound();
  }

  return {
    /** GET /questions/deck/:deckId: one page in deck order, with the total and the page count. */
    async list(owner: Owner, deckId: string, { page, limit }: { page: number; limit: number }): Promise<ListQuestionsResponse> {
      await requireViewableDeck(owner, deckId);
      const { rows, total } = await questions.page(deckId, { offset: (page - 1) * limit, limit });
      return {
        success: true,
        questions: rows.map(presentQuestion),
        pagination: { total, pages: Math.ceil(total / limit), page, limit },
      };
    },

    /** GET /questions/deck/:deckId/all: every question, of one type unless the filter is 'all'. */
    async all(owner: Owner, deckId: string, questionType?: QuestionType | 'all'): Promise<AllQuestionsResponse> {
      await requireViewableDeck(owner, deckId);
      const rows = await questions.all(deckId, questionType === 'all' ? undefined : questionType);
      return { success: true, questions: rows.map(presentQuestion) };
    },

    /**
     * PUT /questions/:id: writes only the fields whose value changes (spec 02 §4 "save sends only
     * changes"); a request that changes nothing writes nothing. The stored `answer` (the card's
     * back) follows the correct or expected answer.
     */
    async update(owner: Owner, id: string, body: UpdateQuestionInput): Promise<UpdateQuestionResponse> {
      const row = await questions.transaction(async (tx) => {
        const found = await questions.findOwned(owner, id, tx, { lock: true });
        if (!found) throw questionNotFound();
        const current = found.question;
        const changes: QuestionChanges = {};
        const set = <K extends keyof QuestionChanges>(key: K, value: QuestionChanges[K]) => {
          if (!sameValue(current[key], value)) changes[key] = value;
        };

        if (body.deck !== undefined && body.deck !== current.deckId) {
          throw new AppError('BAD_REQUEST', 'A question cannot be moved to another deck');
        }
        if (body.question !== undefined) set('question', body.question);
        if (body.source !== undefined) {
          const sourceId = body.source === null ? null : typeof body.source === 'string' ? body.source : body.source.sourceId;
          if (sourceId !== current.sourceId) {
            if (sourceId !== null && !(await questions.sourceOfDeck(current.deckId, sourceId, tx))) {
              throw new AppError('BAD_REQUEST', "The source is not one of this deck's sources");
            }
            // The chunk belonged to the old source.
            set('sourceId', sourceId);
            set('chunkId', null);
          }
        }
        if (body.caseContext !== undefined) {
          const caseContext = textOrNull(body.caseContext);
          const isCase = CASE_TYPES.includes(current.questionType);
          if (caseContext && !isCase) throw invalid('Only case questions have a case context');
          if (!caseContext && isCase) throw invalid('A case question needs its case context');
          set('caseContext', caseContext);
        }

        if (MULTIPLE_CHOICE_TYPES.includes(current.questionType)) {
          if (body.options !== undefined || body.correctAnswerIndex !== undefined || body.correctAnswerText !== undefined) {
            const mc = multipleChoiceAfter(current, body);
            set('options', mc.options);
            set('correctAnswerIndex', mc.correctAnswerIndex);
            set('correctAnswerText', mc.correctAnswerText);
            if ('correctAnswerText' in changes) set('answer', mc.correctAnswerText);
          }
          // An explanation may sit beside the correct option.
          if (body.expectedAnswer !== undefined) set('expectedAnswer', textOrNull(body.expectedAnswer));
        } else {
          if ((body.options !== undefined && body.options.length > 0) || (body.correctAnswerIndex ?? null) !== null) {
            throw invalid('Only multiple-choice questions have options');
          }
          if (textOrNull(body.correctAnswerText)) {
            throw invalid('A free-response question has an expected answer, not a correct option');
          }
          if (body.expectedAnswer !== undefined) {
            const expected = textOrNull(body.expectedAnswer);
            if (!expected) throw invalid('A free-response question needs its expected answer');
            set('expectedAnswer', expected);
            if ('expectedAnswer' in changes) set('answer', expected);
          }
        }

        if (Object.keys(changes).length > 0) await questions.update(tx, id, changes);
        return (await questions.findOwned(owner, id, tx))!;
      });
      return { success: true, question: presentQuestion(row) };
    },

    /** DELETE /questions/:id: answers the question as it was. */
    async remove(owner: Owner, id: string): Promise<DeleteQuestionResponse> {
      const found = await questions.findOwned(owner, id);
      if (!found) throw questionNotFound();
      await questions.remove(id);
      return { success: true, question: presentQuestion(found) };
    },

    /**
     * POST /questions/:id/evaluate, for the owner and for any viewer of a published deck (spec 02
     * §6 lets a non-owner interact with it). The question itself never changes (its `answer` is the
     * card's back, not the learner's). The owner's answer is appended to their review log and moves
     * the schedule (issue 20), unless it is a practice answer; a viewer's is graded only.
     */
    async evaluate(
      owner: Owner,
      id: string,
      response: number | string,
      { practice = false, timeTakenMs }: { practice?: boolean | undefined; timeTakenMs?: number | undefined } = {},
    ): Promise<EvaluateQuestionResponse> {
      const found = await questions.findViewable(owner, id);
      if (!found) throw questionNotFound();
      const q = found.question;
      const evaluation = await grading.grade({ ...questionContent(q), caseContext: q.caseContext }, response);
      const scheduled =
        practice || !review ? null : await review.recordAnswer(owner, { questionId: q.id, evaluation, response, timeTakenMs });
      return { success: true, evaluation, question: presentQuestion(found), review: scheduled };
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
