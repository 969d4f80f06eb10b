import type { ErrorCode } from '@mnemo/contracts/errors';

/**
 * Why an AI call failed, independent of the provider. Services turn these into error codes
 * (`aiErrorCode`) and the chat maps them to the messages of spec 02 §8; the chat's
 * service-unavailable banner relies on them.
 */
export const AI_ERROR_KINDS = [
  'out_of_credit',
  'rate_limited',
  'overloaded',
  'unavailable',
  'bad_request',
  'timeout',
  'invalid_output',
  'aborted',
] as const;
export type AiErrorKind = (typeof AI_ERROR_KINDS)[number];

const CODES: Record<AiErrorKind, ErrorCode> = {
  out_of_credit: 'AI_OUT_OF_CREDIT',
  rate_limited: 'AI_RATE_LIMITED',
  overloaded: 'AI_OVERLOADED',
  unavailable: 'AI_UNAVAILABLE',
  bad_request: 'AI_BAD_REQUEST',
  timeout: 'AI_TIMEOUT',
  invalid_output: 'AI_INVALID_OUTPUT',
  aborted: 'AI_UNAVAILABLE',
};

/**
 * What a learner reads for each kind. The words matter: the spec's chat client detects
 * 'overloaded', 'rate limit', 'credit balance', 'high demand' and 'service temporarily
 * unavailable' in messages to choose its own text and its service-unavailable banner (spec 02 §8).
 * Provider details (model names, request ids) stay in the log, never in an answer.
 */
export const AI_ERROR_MESSAGES: Record<AiErrorKind, string> = {
  out_of_credit: 'Your credit balance is too low to access the AI service.',
  rate_limited: 'Too many requests to the AI service (rate limit reached). Please try again later.',
  overloaded:
    'The AI service is currently overloaded and encountering high demand. Please try again in a moment.',
  unavailable: 'AI service temporarily unavailable. Please try again in a moment.',
  bad_request: 'The AI service could not process this request.',
  timeout: 'The AI service took too long to answer. Please try again.',
  invalid_output: 'The AI answered in a form Mnemo could not use. Please try again.',
  aborted: 'The AI request was cancelled.',
};

export type AiErrorOptions = {
  provider?: string;
  /** The provider's HTTP status, when there was one. */
  status?: number;
  /** Seconds the provider asked us to wait (Retry-After), for rate limits. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

/**
 * `message` is the diagnostic (provider, status, request id) for logs; `publicCode` and
 * `publicMessage` are what a service answers. The service error handler recognises any error with
 * those two fields, so this package needs nothing from the services.
 */
export class AiError extends Error {
  readonly kind: AiErrorKind;
  readonly provider: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: AiErrorKind, message: string, options: AiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.provider = options.provider;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get publicCode(): ErrorCode {
    return CODES[this.kind];
  }

  get publicMessage(): string {
    return AI_ERROR_MESSAGES[this.kind];
  }
}

export const isAiError = (e: unknown): e is AiError => e instanceof AiError;

/** The service error code for an AI failure. */
export const aiErrorCode = (e: AiError): ErrorCode => CODES[e.kind];

/** Why a text gave nothing to study: filler, not content, or too little of it (see providers/local/filler.ts). */
export type UnusableTextReason =
  'placeholder' | 'repeated' | 'boilerplate' | 'too_short' | 'no_statements';

const UNUSABLE_MESSAGES: Record<UnusableTextReason, string> = {
  too_short:
    'This source has only a few words, too little to write questions from. Add a longer text (a paragraph or more) or another source.',
  placeholder:
    'This source is placeholder text (such as "Lorem ipsum"), not real content, so no questions were written from it. Add a source with real text.',
  repeated:
    'This source repeats the same few sentences over and over (a blind or filler text), so no questions were written from it. Add a source with real text.',
  no_statements:
    'No question could be written from this source: none of its sentences states a fact about a term it uses that can be asked without guessing (marketing copy, lists and headings read so). Add a source that explains its subject in full sentences.',
  boilerplate:
    'This source holds only website boilerplate (cookie or privacy notices), not the article itself, so no questions were written from it. Try another link or upload the text.',
};

/**
 * What the source's own view says when its summary and key points are refused for the same reason
 * (the offline provider's summarize and keyPoints throw UnusableTextError on filler too): shown
 * among the source's notes in place of the summary, which would only quote the filler.
 */
const UNUSABLE_SUMMARY_NOTES: Record<UnusableTextReason, string> = {
  too_short: 'No summary or key points: this source has only a few words.',
  placeholder:
    'No summary or key points: this source is placeholder text (such as "Lorem ipsum"), not real content.',
  repeated:
    'No summary or key points: this source repeats the same few sentences over and over (a blind or filler text).',
  no_statements:
    'No summary or key points: none of this source\'s sentences states a fact about its subject.',
  boilerplate:
    'No summary or key points: this source holds only website boilerplate (cookie or privacy notices), not the article itself.',
};

/**
 * The text handed to question writing is filler, not content. A permanent `bad_request` whose
 * public message says why in a learner's words; the worker's failure judge passes `publicMessage`
 * on as the generation's failure reason, and `reason` is the stable code for a status.
 */
export class UnusableTextError extends AiError {
  readonly reason: UnusableTextReason;

  constructor(reason: UnusableTextReason, options: AiErrorOptions = {}) {
    super('bad_request', `unusable source text: ${reason}`, options);
    this.name = 'UnusableTextError';
    this.reason = reason;
  }

  override get publicMessage(): string {
    return UNUSABLE_MESSAGES[this.reason];
  }

  /** The note for the source's view when its summary or key points were refused (above). */
  get summaryNote(): string {
    return UNUSABLE_SUMMARY_NOTES[this.reason];
  }
}

export const isUnusableTextError = (e: unknown): e is UnusableTextError =>
  e instanceof UnusableTextError;
