import {
  DECK_LENGTHS,
  DECK_TITLE_MAX,
  placeholderDeckTitle,
  type DeckLength,
} from '@mnemo/contracts/entities/deck';
import { QUESTION_TYPES, type QuestionType } from '@mnemo/contracts/entities/question';
import type { Space } from '@mnemo/contracts/entities/space';
import { ANONYMOUS_DECK_CARDS, DECK_LENGTH_CARDS, PLAN_LIMITS } from '@mnemo/contracts/limits';
import { isApiError, serverErrorField } from '../../lib/api';
import type { DraftItem } from '../../lib/sources/source-draft';
import { SOURCE_MESSAGES } from '../../lib/sources/source-messages';

/** The words of spec 01 §5 and §8 for the creation page. */
export const CREATE_MESSAGES = {
  noSources: SOURCE_MESSAGES.noSources,
  spaceNameRequired: 'Please enter a name for your new study space',
  uploadsRunning: SOURCE_MESSAGES.uploadsRunning,
  processFailed: 'Failed to complete the process. Please try again.',
  spacesLoadFailed: 'Failed to load study spaces',
  /** Ours: every source failed to process, so there is nothing to make cards from. */
  nothingProcessed: 'None of your sources could be processed.',
} as const;

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Multiple choice',
  free_response: 'Free response',
  case_multiple_choice: 'Case-based multiple choice',
  case_free_response: 'Case-based free response',
};

/** Checked when the page opens: the two types every generator handles. */
export const DEFAULT_QUESTION_TYPES: readonly QuestionType[] = ['multiple_choice', 'free_response'];

export const LENGTH_LABELS: Record<DeckLength, string> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
};
export const DEFAULT_LENGTH: DeckLength = 'medium';
export const LENGTH_OPTIONS = DECK_LENGTHS.map((length) => ({
  length,
  label: `${LENGTH_LABELS[length]} (${DECK_LENGTH_CARDS[length]} cards)`,
}));

/** The space a guest's decks go to (spec 01 §2.6: guests get default names). */
export const GUEST_SPACE_TITLE = 'My Study Space';

/** What the free plan allows, shown on the page (spec 01 §6: "shown client-side"). */
export const FREE_PLAN_NOTE = `Free plan: up to ${PLAN_LIMITS.free.studySpaces} study spaces, ${PLAN_LIMITS.free.decksPerSpace} decks per space and ${PLAN_LIMITS.free.cardsPerDeck} cards per deck.`;

/**
 * Checking one type adds it; unchecking removes it unless it is the last one (spec 01 §5: the last
 * cannot be unchecked). The answer keeps the order of QUESTION_TYPES.
 */
export function toggleQuestionType(
  selected: readonly QuestionType[],
  type: QuestionType,
): QuestionType[] {
  const has = selected.includes(type);
  if (has && selected.length === 1) return [...selected];
  const next = has ? selected.filter((t) => t !== type) : [...selected, type];
  return QUESTION_TYPES.filter((t) => next.includes(t));
}

/** Whether this checkbox is the last one checked, and so cannot be unchecked. */
export const isLastQuestionType = (selected: readonly QuestionType[], type: QuestionType) =>
  selected.length === 1 && selected[0] === type;

/** The space selector's value: a new space, or one of the user's. */
export type SpaceChoice = { kind: 'new' } | { kind: 'existing'; id: string };

/**
 * The space preselected when the page opens (spec 01 §2.1): ?spaceId= picks that space when the
 * user has it, ?new-space=true picks Create New Space; otherwise the first space, or a new one when
 * there is none. Until the spaces are loaded a requested id is kept as it is.
 */
export function initialSpaceChoice(options: {
  newSpace: boolean;
  spaceId?: string | undefined;
  spaces: readonly Pick<Space, '_id'>[] | undefined;
}): SpaceChoice {
  const { newSpace, spaceId, spaces } = options;
  if (spaceId && (spaces === undefined || spaces.some((s) => s._id === spaceId))) {
    return { kind: 'existing', id: spaceId };
  }
  if (newSpace) return { kind: 'new' };
  const first = spaces?.[0];
  return first ? { kind: 'existing', id: first._id } : { kind: 'new' };
}

export interface CreateCheckInput {
  authenticated: boolean;
  items: readonly DraftItem[];
  uploading: boolean;
  space: SpaceChoice;
  newSpaceName: string;
}

/** The checks of spec 01 §5, in its order; the first that fails gives its message. */
export function validateCreate(input: CreateCheckInput): string | null {
  if (input.items.length === 0) return CREATE_MESSAGES.noSources;
  if (input.authenticated && input.space.kind === 'new' && input.newSpaceName.trim() === '') {
    return CREATE_MESSAGES.spaceNameRequired;
  }
  if (input.uploading) return CREATE_MESSAGES.uploadsRunning;
  return null;
}

/** How many cards the deck's first generation asks for: the length's, or a guest's 20 (spec 01 §9). */
export function cardCount(authenticated: boolean, length: DeckLength): number {
  return authenticated ? DECK_LENGTH_CARDS[length] : ANONYMOUS_DECK_CARDS;
}

/**
 * The deck title used when none is typed (and always for guests): the first source's name, cut to
 * the contract's 200 characters (the rule is the contracts', so the worker can recognise it).
 */
export function defaultDeckTitle(items: readonly DraftItem[]): string {
  const first = items[0];
  return placeholderDeckTitle(
    first === undefined
      ? undefined
      : first.kind === 'file'
        ? { fileName: first.name }
        : { url: first.url },
  );
}

/** The typed title, trimmed, or the default. */
export function deckTitleFor(typed: string, items: readonly DraftItem[]): string {
  const trimmed = typed.trim();
  return trimmed === '' ? defaultDeckTitle(items) : [...trimmed].slice(0, DECK_TITLE_MAX).join('');
}

/**
 * A failed creation call as spec 01 §8 words it: 'Error: ' and the server's message when the
 * server said what went wrong, else 'Failed to complete the process. Please try again.'
 */
export function creationFailedMessage(error: unknown): string {
  const server = serverErrorField(error);
  return server ? `Error: ${server}` : CREATE_MESSAGES.processFailed;
}

/** Processing could not start or ended with nothing to make cards from: 'Failed to generate cards: ...'. */
export function generationFailedMessage(reason: unknown): string {
  const text =
    typeof reason === 'string'
      ? reason
      : (serverErrorField(reason) ??
        (isApiError(reason) || reason instanceof Error ? reason.message : ''));
  return text ? `Failed to generate cards: ${text}` : CREATE_MESSAGES.processFailed;
}

/** An answer carrying limitReached: the sign-in or upgrade dialog opens and the flow stops. */
export const isLimitReached = (error: unknown): boolean => isApiError(error) && error.limitReached;
