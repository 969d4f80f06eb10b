import type { z } from 'zod';
import type { QuestionType } from '@mnemo/contracts/entities/question';

/**
 * The AI layer in two levels:
 * - `ChatModel` and `Embedder`: what a provider (OpenAI or compatible, Anthropic, the offline one)
 *   can do with text. Every call names its purpose so configuration can route purposes to models.
 * - `StudyAi`: what Mnemo asks of AI (summaries, key points, questions, grading, the tutor,
 *   follow-up prompts, query enhancement, hints). One implementation drives a `ChatModel` through the
 *   prompts in `prompts/`; the offline one does the same work with NLP on the text itself.
 * Services only see `StudyAi` and `Embedder`; errors are `AiError`s with a stable kind.
 */

export const AI_PURPOSES = [
  'summary',
  'key_points',
  'questions',
  'evaluation',
  'tutor',
  'follow_up',
  'query',
  'hint',
] as const;
export type AiPurpose = (typeof AI_PURPOSES)[number];

export type ProviderName = 'local' | 'openai' | 'anthropic';

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

export type CompletionRequest = {
  purpose: AiPurpose;
  /** The system prompt; providers place it where their API wants it. */
  system?: string;
  messages: ChatTurn[];
  maxTokens?: number;
  temperature?: number;
  /** Overrides the model routed for the purpose (the spec's optional stream model). */
  model?: string;
  /** Ends the call; a stream stops yielding and the provider request is aborted. */
  signal?: AbortSignal;
};

export type Completion = {
  text: string;
  model: string;
  usage?: { inputTokens: number; outputTokens: number };
};

export type StructuredRequest<T> = CompletionRequest & {
  /** Validates (and shapes) the answer; an invalid answer gets one repair attempt. */
  schema: z.ZodType<T>;
  /** A short identifier of the shape, for providers that name JSON schemas. */
  name: string;
};

export type ChatModel = {
  readonly provider: ProviderName;
  /** The model a purpose is routed to (for logs and metrics). */
  modelFor(purpose: AiPurpose): string;
  complete(request: CompletionRequest): Promise<Completion>;
  /** Text deltas in order. Ends when the answer is complete or the signal fires. */
  stream(request: CompletionRequest): AsyncIterable<string>;
};

export type Embedder = {
  readonly provider: ProviderName;
  /** Recorded on every chunk: vectors of different models are never compared. */
  readonly model: string;
  readonly dimensions: number;
  /** One vector per text, in order, each of `dimensions` numbers with unit length. */
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
};

// ---------------------------------------------------------------------------------------------
// Task level.

/** A piece of a source as stored in source_chunks. */
export type TextChunk = {
  chunkId: string;
  sourceId: string;
  sourceTitle: string;
  chunkIndex: number;
  content: string;
  /** Where the chunk starts in its source, when known: a document's page, a video's second. */
  page?: number;
  startSeconds?: number;
};

/** A chunk found by retrieval for a question, with its similarity score (0-1). */
export type RetrievedChunk = TextChunk & { score: number };

export type SourceInput = {
  title: string;
  text: string;
  signal?: AbortSignal;
};

export type GenerateQuestionsInput = {
  /** The source text, chunked; each question names the chunk it came from. */
  chunks: readonly TextChunk[];
  count: number;
  /** At least one; the count is spread over them as evenly as the text allows. */
  types: readonly QuestionType[];
  /** The user's focus for this generation (spec 02 §5). */
  focusInstructions?: string | null;
  /** The deck's custom AI instructions (<= 2000 characters). */
  customInstructions?: string | null;
  /** Question texts that already exist in the deck, not to be repeated. */
  avoid?: readonly string[];
  signal?: AbortSignal;
};

export type GeneratedQuestion = {
  questionType: QuestionType;
  question: string;
  /** Four distinct options for the multiple-choice types; empty for the free-response types. */
  options: string[];
  correctAnswerIndex: number | null;
  /** The text of the correct option (multiple choice) or null. */
  correctAnswerText: string | null;
  /** The model answer (free response) or null. */
  expectedAnswer: string | null;
  /** The passage a case variant is built on; null for plain types. */
  caseContext: string | null;
  /** The chunk the question came from (one of the input chunks). */
  chunkId: string;
  sourceId: string;
  /** The one to three concepts the question tests (issue 20), as `normalizeConcepts` leaves them. */
  concepts?: string[];
  /**
   * What the learner should know about how the question was written, when the provider could not
   * do as asked: "Questions are in English: the offline study AI cannot write questions in
   * Japanese yet". Absent otherwise.
   */
  note?: string;
};

export type QuestionForGrading = Pick<
  GeneratedQuestion,
  'questionType' | 'question' | 'options' | 'correctAnswerIndex' | 'correctAnswerText' | 'expectedAnswer' | 'caseContext'
>;

export type EvaluateInput = {
  question: QuestionForGrading;
  /** The option index (multiple choice) or the learner's words (free response). */
  response: number | string;
  signal?: AbortSignal;
};

export type Stoplight = 'green' | 'yellow' | 'red';

export type Evaluation =
  | {
      kind: 'multiple_choice';
      isCorrect: boolean;
      correctAnswerIndex: number;
      correctAnswerText: string;
      feedback: string;
    }
  | {
      kind: 'free_response';
      /** 0-10 each; correct at accuracy >= 7 (FREE_RESPONSE_CORRECT_ACCURACY). */
      accuracy: number;
      clarity: number;
      depth: number;
      feedback: string;
      stoplight: Stoplight;
      isCorrect: boolean;
    };

export type TutorMode = 'question' | 'source';

export type TutorQuestionContext = {
  question: string;
  questionType: QuestionType;
  options?: readonly string[];
  caseContext?: string | null;
  /** Only given once the learner has answered; the tutor never reveals it before. */
  correctAnswer?: string | null;
  userAnswer?: string | null;
  answerSubmitted?: boolean;
  isCorrect?: boolean | null;
  /** The evaluation's feedback the learner was shown (a free response's grade), once answered. */
  feedback?: string | null;
};

export type TutorSourceContext = {
  sourceId: string;
  title: string;
  type: 'website' | 'youtube' | 'document';
  /** The beginning of the source text, when the chat is about one source. */
  content?: string | null;
};

export type TutorInput = {
  mode: TutorMode;
  message: string;
  /** Earlier turns, oldest first. */
  history: readonly ChatTurn[];
  /** Retrieved chunks, best first; answers cite them. */
  context: readonly RetrievedChunk[];
  question?: TutorQuestionContext;
  source?: TutorSourceContext;
  deckTitle?: string;
  customInstructions?: string | null;
  /** A system message the client supplied (ephemeral chats); added to ours, never replacing it. */
  systemMessage?: string | null;
  model?: string;
  signal?: AbortSignal;
};

/** Which chunks an answer used, in the shape of the chat's attribution (spec 02 §3). */
export type Citation = {
  sourceId: string;
  title: string;
  chunkIndexes: number[];
  /** The [n] markers that cite this source, each with its chunk and place in the source. */
  passages?: CitedPassage[];
};
export type CitedPassage = { n: number; chunkIndex: number; page?: number; startSeconds?: number };

export type TutorEvent = { type: 'text'; text: string } | { type: 'citations'; citations: Citation[] };

export type FollowUpInput = {
  mode: TutorMode;
  history: readonly ChatTurn[];
  question?: TutorQuestionContext;
  source?: TutorSourceContext;
  /** The deck's title: beside a question of a few words, it tells the language studied. */
  deckTitle?: string;
  /**
   * The studied sources' language as ingestion detected and stored it (BCP 47), when the caller
   * knows it: it decides the prompts' language over a guess from the question's few words.
   */
  language?: string | null;
  signal?: AbortSignal;
};

export type HintInput = {
  question: QuestionForGrading;
  history?: readonly ChatTurn[];
  context?: readonly RetrievedChunk[];
  signal?: AbortSignal;
};

export type StudyAi = {
  readonly provider: ProviderName;
  /** A few sentences covering the source, in its own order. */
  summarize(input: SourceInput): Promise<string>;
  /** 3-10 key points, each "Key term: the sentence that explains it." */
  keyPoints(input: SourceInput): Promise<string[]>;
  /** Exactly `count` questions when the text allows, fewer (never invalid ones) when it does not. */
  generateQuestions(input: GenerateQuestionsInput): Promise<GeneratedQuestion[]>;
  evaluateAnswer(input: EvaluateInput): Promise<Evaluation>;
  /** Text deltas, then one citations event naming the chunks the answer used. */
  tutor(input: TutorInput): AsyncIterable<TutorEvent>;
  /** 3-4 short prompts the learner might send next (spec 02 §9). */
  followUpPrompts(input: FollowUpInput): Promise<string[]>;
  /** The query rewritten for retrieval, standing alone without the history. */
  enhanceQuery(input: { query: string; history: readonly ChatTurn[]; signal?: AbortSignal }): Promise<string>;
  /** A nudge toward the answer that does not give it away. */
  hint(input: HintInput): Promise<string>;
};

/**
 * Where the AI layer logs provider calls (model, purpose, duration, tokens, failures). A pino
 * logger fits; nothing else is assumed of it.
 */
export type AiLogger = {
  debug: (obj: Record<string, unknown>, msg?: string) => void;
  warn: (obj: Record<string, unknown>, msg?: string) => void;
};

/** What `createAi` builds from configuration. */
export type Ai = {
  study: StudyAi;
  embedder: Embedder;
  /** The underlying chat model (null for the offline provider, which has none). */
  chat: ChatModel | null;
};
