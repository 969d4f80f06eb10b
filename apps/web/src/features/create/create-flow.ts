import type { CreateDeckBody, DeckResponse } from '@mnemo/contracts/api/decks';
import type { Source } from '@mnemo/contracts/entities/source';
import type { Space } from '@mnemo/contracts/entities/space';
import { statusAfterProcessStarted } from '../../lib/sources/source-status';
import { GUEST_SPACE_TITLE } from './create-form';

/** Where the new deck goes: a chosen space, a new one by name, or (guests) their own default space. */
export type SpacePlan =
  { kind: 'existing'; id: string } | { kind: 'new'; title: string } | { kind: 'guest' };

export interface CreationRequest {
  space: SpacePlan;
  deck: Omit<CreateDeckBody, 'studySpace'>;
}

/** What a run has made so far; a retry after a failure goes on from here instead of repeating it. */
export interface CreationDone {
  spaceId?: string;
  deck?: DeckResponse;
}

export type CreationStage = 'space' | 'deck' | 'process';

/** A failed step, with what already exists (a space, a deck) so a retry does not make it twice. */
export class CreationError extends Error {
  readonly stage: CreationStage;
  override readonly cause: unknown;
  readonly done: CreationDone;

  constructor(stage: CreationStage, cause: unknown, done: CreationDone) {
    super(cause instanceof Error ? cause.message : `creation failed at ${stage}`);
    this.name = 'CreationError';
    this.stage = stage;
    this.cause = cause;
    this.done = done;
  }
}

export interface CreationCalls {
  listSpaces(): Promise<readonly Pick<Space, '_id'>[]>;
  createSpace(title: string): Promise<{ _id: string; title: string }>;
  createDeck(body: CreateDeckBody): Promise<DeckResponse>;
  processSource(deckId: string, sourceId: string): Promise<Source>;
}

export interface CreationHooks {
  /** A new space exists (the page selects it, so a retry uses it instead of making another). */
  onSpaceCreated?(space: { _id: string; title: string }): void;
  /** The deck exists. */
  onDeckCreated?(deck: DeckResponse): void;
}

async function resolveSpace(
  plan: SpacePlan,
  calls: CreationCalls,
  hooks: CreationHooks,
): Promise<string> {
  if (plan.kind === 'existing') return plan.id;
  if (plan.kind === 'guest') {
    // A guest keeps one space (their limits allow one): reuse it once it exists.
    const [own] = await calls.listSpaces();
    if (own) return own._id;
  }
  const space = await calls.createSpace(
    plan.kind === 'new' ? plan.title.trim() : GUEST_SPACE_TITLE,
  );
  hooks.onSpaceCreated?.(space);
  return space._id;
}

/**
 * The creation flow of spec 01 §4.2 after its checks: create the space if a new one is wanted, create
 * the deck with its sources, then start processing each source, one after the other. Answers the
 * deck with each source as processing left it. Watching the processing, saving the pending
 * generation and opening the edit screen are the page's part.
 */
export async function runCreation(
  request: CreationRequest,
  calls: CreationCalls,
  done: CreationDone = {},
  hooks: CreationHooks = {},
): Promise<{ spaceId: string; deck: DeckResponse }> {
  let spaceId = done.spaceId ?? done.deck?.studySpace ?? undefined;
  if (spaceId === undefined) {
    try {
      spaceId = await resolveSpace(request.space, calls, hooks);
    } catch (cause) {
      throw new CreationError('space', cause, {});
    }
  }

  let deck = done.deck;
  if (!deck) {
    try {
      deck = await calls.createDeck({ ...request.deck, studySpace: spaceId });
    } catch (cause) {
      throw new CreationError('deck', cause, { spaceId });
    }
    hooks.onDeckCreated?.(deck);
  }

  for (const source of deck.sources) {
    if (source.processingStatus !== 'pending' && source.processingStatus !== 'failed') continue;
    try {
      const answered = await calls.processSource(deck._id, source._id);
      const started: Source = {
        ...answered,
        processingStatus: statusAfterProcessStarted(answered.processingStatus),
      };
      deck = { ...deck, sources: deck.sources.map((s) => (s._id === source._id ? started : s)) };
    } catch (cause) {
      throw new CreationError('process', cause, { spaceId, deck });
    }
  }
  return { spaceId, deck };
}
