import { describe, expect, it } from 'vitest';
import type { CreateDeckBody, DeckResponse } from '@mnemo/contracts/api/decks';
import type { Source } from '@mnemo/contracts/entities/source';
import {
  CreationError,
  runCreation,
  type CreationCalls,
  type CreationRequest,
} from './create-flow';

const NOW = '2025-03-01T10:00:00.000Z';

function source(id: string, status: Source['processingStatus'] = 'pending'): Source {
  return {
    _id: id,
    type: 'website',
    url: `https://example.com/${id}`,
    title: id,
    originalFilename: null,
    filename: null,
    storageRef: null,
    downloadUrl: null,
    contentType: null,
    sizeInBytes: 0,
    summary: null,
    keyPoints: [],
    processingStatus: status,
  };
}

function deckFrom(body: CreateDeckBody, sources: Source[]): DeckResponse {
  return {
    _id: 'deck-1',
    title: body.title,
    description: '',
    sources,
    cards: [],
    createdAt: NOW,
    publishedAt: null,
    isPublished: false,
    publishedAnonymously: false,
    owner: null,
    ownerName: null,
    studySpace: body.studySpace ?? null,
    focusInstructions: null,
    systemPrompt: null,
    canView: true,
    canEdit: true,
    isOwner: true,
  };
}

/** Fake calls that record their order and can be told to fail. */
function fakeCalls(
  options: { spaces?: { _id: string }[]; fail?: Partial<Record<string, unknown>> } = {},
) {
  const log: string[] = [];
  const fail = options.fail ?? {};
  const calls: CreationCalls = {
    listSpaces: async () => {
      log.push('GET /spaces');
      return options.spaces ?? [];
    },
    createSpace: async (title) => {
      log.push(`POST /spaces ${title}`);
      if (fail.space) throw fail.space;
      return { _id: 'space-new', title };
    },
    createDeck: async (body) => {
      log.push(`POST /decks ${body.title} in ${body.studySpace}`);
      if (fail.deck) throw fail.deck;
      return deckFrom(body, [source('a'), source('b')]);
    },
    processSource: async (deckId, sourceId) => {
      log.push(`POST /ai/process-source ${deckId} ${sourceId}`);
      if (fail[sourceId]) {
        const error = fail[sourceId];
        delete fail[sourceId];
        throw error;
      }
      // The answer may still say pending; the flow shows it as processing.
      return source(sourceId, sourceId === 'a' ? 'processing' : 'pending');
    },
  };
  return { calls, log };
}

const request = (space: CreationRequest['space']): CreationRequest => ({
  space,
  deck: { title: 'Biology', sources: [], questionTypes: ['multiple_choice'] },
});

describe('the creation flow', () => {
  it('creates a new space, then the deck in it, then processes each source in turn', async () => {
    const { calls, log } = fakeCalls();
    const created: string[] = [];
    const result = await runCreation(
      request({ kind: 'new', title: '  Biology 101 ' }),
      calls,
      {},
      {
        onSpaceCreated: (space) => created.push(space._id),
      },
    );
    expect(log).toEqual([
      'POST /spaces Biology 101',
      'POST /decks Biology in space-new',
      'POST /ai/process-source deck-1 a',
      'POST /ai/process-source deck-1 b',
    ]);
    expect(created).toEqual(['space-new']);
    expect(result.spaceId).toBe('space-new');
    expect(result.deck.sources.map((s) => s.processingStatus)).toEqual([
      'processing',
      'processing',
    ]);
  });

  it('puts the deck in an existing space without creating one', async () => {
    const { calls, log } = fakeCalls();
    await runCreation(request({ kind: 'existing', id: 's7' }), calls);
    expect(log[0]).toBe('POST /decks Biology in s7');
    expect(log.some((l) => l.startsWith('POST /spaces'))).toBe(false);
  });

  it("reuses a guest's space, or makes 'My Study Space' for a guest who has none", async () => {
    const reuse = fakeCalls({ spaces: [{ _id: 'guest-space' }] });
    await runCreation(request({ kind: 'guest' }), reuse.calls);
    expect(reuse.log.slice(0, 2)).toEqual(['GET /spaces', 'POST /decks Biology in guest-space']);

    const fresh = fakeCalls();
    await runCreation(request({ kind: 'guest' }), fresh.calls);
    expect(fresh.log.slice(0, 3)).toEqual([
      'GET /spaces',
      'POST /spaces My Study Space',
      'POST /decks Biology in space-new',
    ]);
  });

  it('stops at a failed space without creating a deck', async () => {
    const refusal = new Error('limit');
    const { calls, log } = fakeCalls({ fail: { space: refusal } });
    const error = await runCreation(request({ kind: 'new', title: 'X' }), calls).catch((e) => e);
    expect(error).toBeInstanceOf(CreationError);
    expect(error).toMatchObject({ stage: 'space', cause: refusal, done: {} });
    expect(log).toEqual(['POST /spaces X']);
  });

  it('stops at a failed deck, remembering the space it made', async () => {
    const { calls } = fakeCalls({ fail: { deck: new Error('limit') } });
    const error = await runCreation(request({ kind: 'new', title: 'X' }), calls).catch((e) => e);
    expect(error).toMatchObject({ stage: 'deck', done: { spaceId: 'space-new' } });
  });

  it('after a failed process call, a retry goes on with the same deck', async () => {
    const { calls, log } = fakeCalls({ fail: { b: new Error('queue down') } });
    const error = (await runCreation(request({ kind: 'existing', id: 's1' }), calls).catch(
      (e) => e,
    )) as CreationError;
    expect(error.stage).toBe('process');
    expect(error.done.deck?.sources.map((s) => s.processingStatus)).toEqual([
      'processing',
      'pending',
    ]);

    log.length = 0;
    const result = await runCreation(request({ kind: 'existing', id: 's1' }), calls, error.done);
    // No second space or deck; only the source that did not start is processed again.
    expect(log).toEqual(['POST /ai/process-source deck-1 b']);
    expect(result.deck.sources.map((s) => s.processingStatus)).toEqual([
      'processing',
      'processing',
    ]);
  });
});
