import { describe, expect, it } from 'vitest';
import { exampleDeck, now, uuid } from '../testing/examples';
import { listSpacesResponseSchema, spaceResponseSchema } from './spaces';
import {
  createDeckBodySchema,
  deckResponseSchema,
  exploreQuerySchema,
  exploreResponseSchema,
  publishDeckBodySchema,
  updateDeckBodySchema,
} from './decks';

describe('deck answers', () => {
  it('are the deck itself, with the caller’s access flags', () => {
    const deck = exampleDeck({
      isOwner: false,
      canEdit: false,
      canView: true,
      isPublished: true,
      publishedAt: now(),
    });
    expect(deckResponseSchema.parse(deck)).toMatchObject({
      _id: deck._id,
      isOwner: false,
      canEdit: false,
      canView: true,
    });
  });

  it('refuse a deck without access flags or wrapped in data', () => {
    const { canEdit: _canEdit, ...withoutFlag } = exampleDeck();
    expect(deckResponseSchema.safeParse(withoutFlag).success).toBe(false);
    expect(deckResponseSchema.safeParse({ data: exampleDeck() }).success).toBe(false);
  });

  it('keep custom AI instructions within 2000 characters', () => {
    expect(
      deckResponseSchema.safeParse(exampleDeck({ systemPrompt: 'x'.repeat(2000) })).success,
    ).toBe(true);
    expect(
      deckResponseSchema.safeParse(exampleDeck({ systemPrompt: 'x'.repeat(2001) })).success,
    ).toBe(false);
  });
});

describe('deck requests', () => {
  it('refuse custom AI instructions of 2001 characters and accept 2000', () => {
    expect(updateDeckBodySchema.safeParse({ systemPrompt: 'x'.repeat(2000) }).success).toBe(true);
    const refused = updateDeckBodySchema.safeParse({ systemPrompt: 'x'.repeat(2001) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/2000/);
  });

  it('create a deck from the creation page’s fields, with a trimmed non-empty title', () => {
    const body = {
      title: '  Cell biology ',
      description: '',
      sources: [
        { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ', processingStatus: 'pending' },
      ],
      focusInstructions: 'Focus on organelles',
      studySpace: uuid(),
    };
    expect(createDeckBodySchema.parse(body).title).toBe('Cell biology');
    expect(createDeckBodySchema.safeParse({ ...body, title: '  ' }).success).toBe(false);
    expect(createDeckBodySchema.safeParse({ ...body, length: 'huge' }).success).toBe(false);
    expect(createDeckBodySchema.parse({ ...body, length: 'long' }).length).toBe('long');
  });

  it('publish with anonymity off unless asked', () => {
    expect(publishDeckBodySchema.parse({ isPublished: true })).toEqual({
      isPublished: true,
      publishedAnonymously: false,
    });
    expect(publishDeckBodySchema.safeParse({ publishedAnonymously: true }).success).toBe(false);
  });
});

describe('explore', () => {
  it('answers data and pagination with total and totalPages', () => {
    const card = {
      _id: uuid(),
      title: 'Cell biology',
      createdAt: now(),
      publishedAt: now(),
      cardCount: 12,
      sources: [
        { _id: uuid(), type: 'youtube', title: 'Cells', url: 'https://youtu.be/dQw4w9WgXcQ' },
      ],
      publishedAnonymously: true,
      ownerName: null,
    };
    const answer = exploreResponseSchema.parse({
      data: [card],
      pagination: { total: 41, totalPages: 3 },
    });
    expect(answer.pagination).toEqual({ total: 41, totalPages: 3 });
    expect(answer.data[0]?.cardCount).toBe(12);
    expect(
      exploreResponseSchema.safeParse({ data: [card], pagination: { total: 41, pages: 3 } })
        .success,
    ).toBe(false);
  });

  it('pages by 20, newest first, from query strings', () => {
    expect(exploreQuerySchema.parse({})).toEqual({ page: 1, limit: 20, sort: 'newest' });
    expect(
      exploreQuerySchema.parse({ page: '2', limit: '6', search: ' cells ', sort: 'whatever' }),
    ).toEqual({
      page: 2,
      limit: 6,
      search: 'cells',
      sort: 'newest',
    });
    expect(exploreQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(exploreQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('spaces', () => {
  it('are wrapped in data, a list or one space', () => {
    const space = { _id: uuid(), title: 'Biology', description: '', decks: [uuid()] };
    expect(listSpacesResponseSchema.parse({ data: [space] }).data).toEqual([space]);
    expect(spaceResponseSchema.parse({ data: space }).data.decks).toHaveLength(1);
    expect(listSpacesResponseSchema.safeParse([space]).success).toBe(false);
    expect(spaceResponseSchema.safeParse(space).success).toBe(false);
  });
});
