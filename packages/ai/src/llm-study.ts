import { QUESTION_TYPES, normalizeConcepts, type QuestionType } from '@mnemo/contracts/entities/question';
import { citationsFrom } from './citations';
import { AiError, isAiError } from './errors';
import { freeResponseEvaluation, gradeMultipleChoice, isMultipleChoice } from './grading';
import { evaluationAnswerSchema, evaluationPrompt } from './prompts/evaluation';
import {
  DEFAULT_FOLLOW_UP_PROMPTS,
  followUpAnswerSchema,
  followUpPrompt,
} from './prompts/follow-up';
import { FALLBACK_HINT, HINT_RETRY_REQUEST, hintPrompt } from './prompts/hint';
import { KEY_POINTS_MAX, keyPointsAnswerSchema, keyPointsPrompt } from './prompts/key-points';
import { enhanceQueryPrompt, ENHANCE_QUERY_HISTORY } from './prompts/query';
import { questionBatchSchema, questionsPrompt, type QuestionDraft } from './prompts/questions';
import { summaryPrompt } from './prompts/summary';
import { tutorPrompt } from './prompts/tutor';
import { completeStructured } from './structured';
import type {
  ChatModel,
  GeneratedQuestion,
  GenerateQuestionsInput,
  StudyAi,
  TextChunk,
} from './types';

/**
 * Questions asked of the model per call. Small enough that a call ends well within the provider
 * timeout (AI_TIMEOUT_MS, 60 s by default) and its output cap; large enough to keep calls few.
 */
export const QUESTIONS_PER_CALL = 8;
/** Passage text per question call (about 4k tokens), spread over the part of the source it covers. */
export const QUESTION_PASSAGE_CHARS = 16_000;
/** Question calls in flight at once for a large request: faster, but gentle on rate limits. */
export const QUESTION_CALL_CONCURRENCY = 3;

export type LlmStudyOptions = {
  /** Shuffles multiple-choice options (models favour putting the right one first); tests pin it. */
  random?: () => number;
};

/** How many questions of each type: the count spread as evenly as it goes, earlier types first. */
export function planQuestionTypes(
  count: number,
  types: readonly QuestionType[],
): Map<QuestionType, number> {
  const unique = QUESTION_TYPES.filter((t) => types.includes(t));
  const plan = new Map<QuestionType, number>();
  unique.forEach((t, i) =>
    plan.set(t, Math.floor(count / unique.length) + (i < count % unique.length ? 1 : 0)),
  );
  return plan;
}

/** The plan cut into calls of at most QUESTIONS_PER_CALL, each with a mix of the types. */
function batchesOf(plan: Map<QuestionType, number>): Partial<Record<QuestionType, number>>[] {
  const left = new Map(plan);
  const order: QuestionType[] = [];
  while ([...left.values()].some((n) => n > 0)) {
    for (const [type, n] of left) {
      if (n > 0) {
        order.push(type);
        left.set(type, n - 1);
      }
    }
  }
  const batches: Partial<Record<QuestionType, number>>[] = [];
  for (let i = 0; i < order.length; i += QUESTIONS_PER_CALL) {
    const counts: Partial<Record<QuestionType, number>> = {};
    for (const t of order.slice(i, i + QUESTIONS_PER_CALL)) counts[t] = (counts[t] ?? 0) + 1;
    batches.push(counts);
  }
  return batches;
}

/** Evenly spaced chunks of `chunks` whose text fits the budget (at least one). */
function fitPassages(chunks: readonly TextChunk[], budget: number): TextChunk[] {
  const total = chunks.reduce((n, c) => n + c.content.length, 0);
  if (total <= budget) return [...chunks];
  const take = Math.max(1, Math.floor((budget / total) * chunks.length));
  const picked: TextChunk[] = [];
  for (let i = 0; i < take; i++) {
    const chunk = chunks[Math.floor((i * chunks.length) / take)];
    if (chunk) picked.push(chunk);
  }
  return picked;
}

/** The passages of batch `i` of `n`: its own stretch of the source when there are enough chunks. */
function passagesFor(chunks: readonly TextChunk[], i: number, n: number): TextChunk[] {
  if (chunks.length < n * 2) return fitPassages(chunks, QUESTION_PASSAGE_CHARS);
  const from = Math.floor((i * chunks.length) / n);
  const to = Math.floor(((i + 1) * chunks.length) / n);
  return fitPassages(chunks.slice(from, to), QUESTION_PASSAGE_CHARS);
}

const normalizeQuestion = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A draft checked against the rules of its type, with its passage number mapped to the chunk; null
 * when it breaks one (the caller asks again for what is missing).
 */
export function validateDraft(
  draft: QuestionDraft,
  passages: readonly TextChunk[],
  allowed: readonly QuestionType[],
  random: () => number,
): GeneratedQuestion | null {
  const chunk = passages[draft.chunk - 1];
  const question = draft.question.trim();
  if (!chunk || !question || !allowed.includes(draft.type)) return null;
  const isCase = draft.type === 'case_multiple_choice' || draft.type === 'case_free_response';
  const caseContext = draft.caseContext?.trim() ?? '';
  if (isCase && !caseContext) return null;
  const base = {
    questionType: draft.type,
    question,
    caseContext: isCase ? caseContext : null,
    chunkId: chunk.chunkId,
    sourceId: chunk.sourceId,
    concepts: normalizeConcepts(draft.concepts ?? []),
  };

  if (isMultipleChoice({ questionType: draft.type })) {
    const options = (draft.options ?? []).map((o) => o.trim());
    const distinct = new Set(options.map((o) => o.toLowerCase()));
    const index = draft.correctOptionIndex;
    if (options.length !== 4 || options.some((o) => o === '') || distinct.size !== 4) return null;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= 4)
      return null;
    const correct = options[index] as string;
    // Fisher-Yates: the right answer lands anywhere, whatever the model's habit.
    for (let i = options.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [options[i], options[j]] = [options[j] as string, options[i] as string];
    }
    const correctAnswerIndex = options.indexOf(correct);
    return {
      ...base,
      options,
      correctAnswerIndex,
      correctAnswerText: correct,
      expectedAnswer: null,
    };
  }

  const expectedAnswer = draft.expectedAnswer?.trim() ?? '';
  if (!expectedAnswer) return null;
  return {
    ...base,
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer,
  };
}

const cleanLine = (text: string) =>
  text
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .trim()
    .split('\n')[0]!
    .replace(/^(search\s+)?query\s*:\s*/i, '')
    .replace(/^["'“]+|["'”]+$/g, '')
    .trim();

const cleanPrompt = (text: string) =>
  text
    .trim()
    .replace(/^(\d+[.)]|[-*•])\s*/, '')
    .replace(/^["'“]+|["'”]+$/g, '')
    .trim();

/**
 * Whether a hint names the answer it was meant to hide: says "the correct answer is …" or quotes
 * the right option. Only distinctive options count: a hint may say "yes" or "the cell" and give
 * nothing away. A free-response answer has no one wording to look for; the prompt guards those.
 */
function givesAway(hint: string, correctOption: string | null): boolean {
  if (/\b(correct|right) (answer|option|choice) is\b/i.test(hint)) return true;
  if (!correctOption) return false;
  const option = normalizeQuestion(correctOption);
  return option.length >= 12 && normalizeQuestion(hint).includes(option);
}

/** `StudyAi` driven by a chat model through the prompts in `prompts/`. */
export function createLlmStudyAi(model: ChatModel, options: LlmStudyOptions = {}): StudyAi {
  const random = options.random ?? Math.random;

  async function generateQuestions(input: GenerateQuestionsInput): Promise<GeneratedQuestion[]> {
    if (input.chunks.length === 0 || input.count <= 0 || input.types.length === 0) return [];
    const plan = planQuestionTypes(input.count, input.types);
    const accepted: GeneratedQuestion[] = [];
    const seen = new Set((input.avoid ?? []).map(normalizeQuestion));
    const failures: AiError[] = [];

    const runRound = async (need: Map<QuestionType, number>, round: number) => {
      const batches = batchesOf(need);
      const drafts = await inBatches(batches, QUESTION_CALL_CONCURRENCY, async (counts, i) => {
        // The second round sees the whole source again: the first round's stretch may be spent.
        const passages =
          round === 0
            ? passagesFor(input.chunks, i, batches.length)
            : fitPassages(input.chunks, QUESTION_PASSAGE_CHARS);
        try {
          const answer = await completeStructured(model, {
            purpose: 'questions',
            ...questionsPrompt({
              passages,
              counts,
              focusInstructions: input.focusInstructions ?? null,
              customInstructions: input.customInstructions ?? null,
              avoid: [...(input.avoid ?? []), ...accepted.map((q) => q.question)],
            }),
            schema: questionBatchSchema,
            name: 'question_batch',
            signal: input.signal,
          });
          return answer.questions.map((d) => ({ draft: d, passages }));
        } catch (error) {
          // A batch that stays malformed costs its questions, not the whole request.
          if (isAiError(error) && error.kind === 'invalid_output') {
            failures.push(error);
            return [];
          }
          throw error;
        }
      });
      for (const { draft, passages } of drafts.flat()) {
        const q = validateDraft(draft, passages, input.types, random);
        if (!q) continue;
        const key = normalizeQuestion(q.question);
        const have = accepted.filter((a) => a.questionType === q.questionType).length;
        if (seen.has(key) || have >= (plan.get(q.questionType) ?? 0)) continue;
        seen.add(key);
        accepted.push(q);
      }
    };

    await runRound(plan, 0);
    const shortfall = new Map<QuestionType, number>();
    for (const [type, n] of plan) {
      const missing = n - accepted.filter((q) => q.questionType === type).length;
      if (missing > 0) shortfall.set(type, missing);
    }
    if (shortfall.size > 0) await runRound(shortfall, 1);
    if (accepted.length === 0 && failures[0]) throw failures[0];
    return accepted;
  }

  return {
    provider: model.provider,

    async summarize(input) {
      const answer = await model.complete({
        purpose: 'summary',
        ...summaryPrompt(input),
        signal: input.signal,
      });
      const text = answer.text
        .replace(/<think>[\s\S]*?<\/think>/gi, '')
        .replace(/^\s*(#+\s*)?summary\s*:?\s*\n?/i, '')
        .trim();
      if (!text)
        throw new AiError('invalid_output', `${model.provider}: the summary was empty`, {
          provider: model.provider,
        });
      return text;
    },

    async keyPoints(input) {
      const answer = await completeStructured(model, {
        purpose: 'key_points',
        ...keyPointsPrompt(input),
        schema: keyPointsAnswerSchema,
        name: 'key_points',
        signal: input.signal,
      });
      return answer.keyPoints
        .map((p) => p.replace(/\*\*/g, '').trim())
        .filter((p) => p !== '')
        .slice(0, KEY_POINTS_MAX);
    },

    generateQuestions,

    async evaluateAnswer(input) {
      const { question } = input;
      if (isMultipleChoice(question)) return gradeMultipleChoice(question, input.response);
      const response = String(input.response).trim();
      if (!response) {
        return freeResponseEvaluation({
          accuracy: 0,
          clarity: 0,
          depth: 0,
          feedback: 'No answer was given.',
        });
      }
      const scores = await completeStructured(model, {
        purpose: 'evaluation',
        ...evaluationPrompt({ question, response }),
        schema: evaluationAnswerSchema,
        name: 'evaluation',
        signal: input.signal,
      });
      return freeResponseEvaluation({ ...scores, feedback: scores.feedback.trim() });
    },

    async *tutor(input) {
      let full = '';
      for await (const text of model.stream({
        purpose: 'tutor',
        ...tutorPrompt(input),
        ...(input.model ? { model: input.model } : {}),
        signal: input.signal,
      })) {
        full += text;
        yield { type: 'text', text };
      }
      // A cancelled answer is not shown in full, so there is nothing to attribute.
      if (input.signal?.aborted) return;
      yield { type: 'citations', citations: citationsFrom(full, input.context) };
    },

    async followUpPrompts(input) {
      const defaults = DEFAULT_FOLLOW_UP_PROMPTS[input.mode];
      // Spec 02 §9: the model is asked only once the conversation has started.
      if (input.history.length === 0) return [...defaults];
      const answer = await completeStructured(model, {
        purpose: 'follow_up',
        ...followUpPrompt(input),
        schema: followUpAnswerSchema,
        name: 'follow_up_prompts',
        signal: input.signal,
      });
      const prompts: string[] = [];
      const add = (p: string) => {
        if (p && p.length <= 120 && !prompts.some((q) => q.toLowerCase() === p.toLowerCase()))
          prompts.push(p);
      };
      for (const p of answer.prompts.map(cleanPrompt)) if (prompts.length < 4) add(p);
      // Too few usable suggestions: the spec's defaults fill the list up to three.
      for (const p of defaults) if (prompts.length < 3) add(p);
      return prompts;
    },

    async enhanceQuery(input) {
      const history = input.history.slice(-ENHANCE_QUERY_HISTORY);
      // Without a conversation there is nothing to resolve: the query already stands alone.
      if (history.length === 0) return input.query;
      const answer = await model.complete({
        purpose: 'query',
        ...enhanceQueryPrompt({ query: input.query, history }),
        signal: input.signal,
      });
      const query = cleanLine(answer.text);
      return query === '' ? input.query : query;
    },

    async hint(input) {
      const prompt = hintPrompt(input);
      const correctOption = isMultipleChoice(input.question)
        ? (input.question.options[input.question.correctAnswerIndex ?? -1] ??
          input.question.correctAnswerText)
        : null;
      const ask = (messages: typeof prompt.messages) =>
        model.complete({ purpose: 'hint', system: prompt.system, messages, signal: input.signal });
      const first = (await ask(prompt.messages)).text.trim();
      if (first && !givesAway(first, correctOption)) return first;
      const second = (
        await ask([
          ...prompt.messages,
          { role: 'assistant', content: first || '(no hint)' },
          { role: 'user', content: HINT_RETRY_REQUEST },
        ])
      ).text.trim();
      if (second && !givesAway(second, correctOption)) return second;
      return FALLBACK_HINT;
    },
  };
}
