import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import type { ExploreResponse } from '@mnemo/contracts/api/decks';
import { cards, decks, questions, sources, users } from '@mnemo/db/schema';
import { anonCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { searchQueries } from './explore.service';
import { TYPO_SIMILARITY } from './explore.repository';
import { client, expectError, nobody } from './test-helpers';

/**
 * GET /decks/explore on 200 published decks written straight to the database (varied subjects:
 * biology, chemistry, history, programming ...), plus private and unpublished decks that must never
 * show. A few decks are placed to check the search's ranking, stemming, prefixes and typos.
 */

let t: DeckTestApp;
let api: ReturnType<typeof client>;
const viewer = userCaller();

const SUBJECTS = [
  ['Organic Chemistry', 'alkanes, alkenes and functional groups'],
  ['Acid-Base Reactions', 'pH, buffers and titration curves'],
  ['The French Revolution', 'the Estates-General, the Terror and Napoleon'],
  ['World War II', 'the Eastern Front, D-Day and the Pacific war'],
  ['Ancient Rome', 'the Republic, the Empire and its fall'],
  ['JavaScript Closures', 'scope, lexical environments and callbacks'],
  ['Python Generators', 'iterators, yield and lazy pipelines'],
  ['SQL Joins', 'inner, outer and lateral joins with examples'],
  ['Linear Algebra', 'vectors, matrices and eigenvalues'],
  ['Plate Tectonics', 'continental drift, subduction and earthquakes'],
  ['Genetics and Heredity', 'Mendel, alleles and Punnett squares'],
  ['Thermodynamics', 'entropy, enthalpy and heat engines'],
  ['The Cold War', 'the arms race, Berlin and the space race'],
  ['Rust Ownership', 'borrowing, lifetimes and the borrow checker'],
  ['Periodic Table Trends', 'electronegativity, radii and ionisation energy'],
  ['Microeconomics', 'supply, demand and elasticity'],
  ['Human Anatomy', 'bones, muscles and the nervous system'],
  ['Renaissance Art', 'perspective, patrons and Florence'],
  ['Data Structures', 'trees, heaps, hash tables and graphs'],
  ['Ecology', 'food webs, niches and biomes'],
] as const;
const LEVELS = ['Basics', 'Review', 'Exam Prep', 'Deep Dive', 'Flashcards', 'Essentials', 'Quiz', 'Crash Course', 'Refresher', 'Primer'];

/** The decks the search tests look for (their index in publication order: 0 is the oldest). */
const PLACED = {
  titleMatch: { at: 30, title: 'Photosynthesis and the Calvin Cycle', description: 'Light reactions and carbon fixation in chloroplasts.', source: 'Plant biology chapter 8' },
  descriptionMatch: { at: 120, title: 'Plant Biology Basics', description: 'How photosynthesis feeds the plant, and what roots and stems do.', source: 'Botany lecture' },
  sourceMatch: { at: 190, title: 'Leaves and Light', description: 'Leaf structure and pigments.', source: 'Photosynthesis lecture notes' },
  mitochondria: { at: 77, title: 'Mitochondria: the Powerhouse', description: 'Respiration and ATP.', source: 'Organelles explained' },
  cell: { at: 150, title: 'The Cell Membrane', description: 'Lipid bilayers and transport proteins.', source: 'Membranes and channels' },
} as const;
const TOTAL = 200;
const ids: string[] = []; // by publication order, oldest first
const placedId = (key: keyof typeof PLACED) => ids[PLACED[key].at]!;

beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
  const owners = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), firstName: ['Ada', 'Ben', 'Chen', 'Dora', 'Eli'][i]! }));
  await t.db.insert(users).values([...owners, { id: viewer.userId, firstName: 'Viewer' }].map((u) => ({ ...u, email: `${u.id}@example.com` })));
  const base = Date.UTC(2026, 0, 1);
  const placed = new Map<number, (typeof PLACED)[keyof typeof PLACED]>(Object.values(PLACED).map((p) => [p.at, p]));
  const rows = Array.from({ length: TOTAL }, (_, i) => {
    const [subject, about] = SUBJECTS[i % SUBJECTS.length]!;
    const special = placed.get(i);
    return {
      ownerUserId: owners[i % owners.length]!.id,
      title: special?.title ?? `${subject} ${LEVELS[Math.floor(i / SUBJECTS.length)]}`,
      description: special?.description ?? `Key ideas: ${about}.`,
      isPublished: true,
      publishedAnonymously: i % 7 === 0,
      publishedAt: new Date(base + i * 60_000),
      createdAt: new Date(base - 86_400_000 + i * 1000),
    };
  });
  const inserted = await t.db.insert(decks).values(rows).returning({ id: decks.id, publishedAt: decks.publishedAt });
  inserted.sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime());
  ids.push(...inserted.map((r) => r.id));
  await t.db.insert(sources).values(
    ids.map((deckId, i) => {
      const [subject] = SUBJECTS[i % SUBJECTS.length]!;
      return { deckId, type: 'website' as const, url: `https://example.org/${i}`, title: placed.get(i)?.source ?? `${subject} notes`, processingStatus: 'completed' as const };
    }),
  );
  // Never shown: a private deck and an unpublished one (published before), both matching searches.
  await t.db.insert(decks).values([
    { ownerUserId: owners[0]!.id, title: 'Photosynthesis private notes', description: 'Mitochondria and cells too' },
    { ownerAnonId: randomUUID(), title: 'Photosynthesis by a guest', description: 'cells' },
    { ownerUserId: owners[1]!.id, title: 'Photosynthesis unpublished', isPublished: false, publishedAt: null },
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function explore(query: Record<string, string | number> = {}): Promise<ExploreResponse> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await api.call(viewer, 'GET', `/decks/explore${qs ? `?${qs}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return route('GET /decks/explore').response.parse(res.json());
}
const idsOf = (r: ExploreResponse) => r.data.map((d) => d._id);
const newestFirst = () => [...ids].reverse();

describe('GET /decks/explore without a search', () => {
  it('pages 20 at a time, newest published first, with the totals', async () => {
    const first = await explore();
    expect(first.pagination).toEqual({ total: TOTAL, totalPages: 10, page: 1, limit: 20 });
    expect(idsOf(first)).toEqual(newestFirst().slice(0, 20));
    const dates = first.data.map((d) => Date.parse(d.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const last = await explore({ page: 10 });
    expect(idsOf(last)).toEqual(newestFirst().slice(180, 200));
    expect(last.pagination).toMatchObject({ total: TOTAL, totalPages: 10, page: 10 });

    const past = await explore({ page: 11 });
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ total: TOTAL, totalPages: 10, page: 11 });
  });

  it('reads every page exactly once, and sorts oldest first on request', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 10; page++) seen.push(...idsOf(await explore({ page })));
    expect(seen).toEqual(newestFirst());
    expect(idsOf(await explore({ sort: 'oldest', limit: 5 }))).toEqual(ids.slice(0, 5));
    // An unknown sort is the default.
    expect(idsOf(await explore({ sort: 'popular', limit: 5 }))).toEqual(newestFirst().slice(0, 5));
  });

  it('caps the page size at the contract’s maximum and refuses nonsense pages', async () => {
    expect((await explore({ limit: 100 })).data).toHaveLength(100);
    expectError(await api.call(viewer, 'GET', '/decks/explore?limit=101'), 400, 'VALIDATION_FAILED');
    expectError(await api.call(viewer, 'GET', '/decks/explore?page=0'), 400, 'VALIDATION_FAILED');
  });

  it('shows the card fields of spec 01 §3: card count, sources, owner name or none when anonymous', async () => {
    const deckId = placedId('cell');
    await t.db.insert(questions).values([0, 1, 2].map((position) => ({ deckId, question: `Q${position}`, questionType: 'free_response' as const, position })));
    await t.db.insert(cards).values({ deckId, front: 'F', back: 'B' });
    const found = await explore({ search: 'cell membrane' });
    const card = found.data.find((d) => d._id === deckId)!;
    expect(card).toMatchObject({
      title: 'The Cell Membrane',
      description: 'Lipid bilayers and transport proteins.',
      cardCount: 4,
      sources: [{ type: 'website', title: 'Membranes and channels', url: `https://example.org/${PLACED.cell.at}` }],
      publishedAnonymously: false,
      ownerName: 'Ada',
    });
    const page = await explore({ sort: 'oldest', limit: 10 });
    const anonymous = page.data.find((d) => d.publishedAnonymously)!;
    expect(anonymous.ownerName).toBeNull();
    expect(page.data.filter((d) => !d.publishedAnonymously).every((d) => typeof d.ownerName === 'string')).toBe(true);
    expect(Object.keys(anonymous)).not.toContain('owner');
  });

  it('never shows private or unpublished decks', async () => {
    const all: string[] = [];
    for (let page = 1; page <= 2; page++) all.push(...idsOf(await explore({ page, limit: 100 })));
    expect(new Set(all)).toEqual(new Set(ids));
    const searched = await explore({ search: 'photosynthesis', limit: 100 });
    expect(searched.data.map((d) => d.title)).not.toEqual(expect.arrayContaining([expect.stringMatching(/private|guest|unpublished/)]));
  });

  it('is open to anonymous sessions (spec 01 §2.2: guests may use /explore); no session gets 401', async () => {
    const guest = await api.call(anonCaller(), 'GET', '/decks/explore');
    expect(guest.statusCode, guest.body).toBe(200);
    expect(new Set(idsOf(guest.json() as ExploreResponse))).toEqual(new Set(idsOf(await explore({}))));
    expectError(await api.call(nobody, 'GET', '/decks/explore'), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /decks/explore?search', () => {
  it('ranks a title match above a description match above a source-title match', async () => {
    const found = await explore({ search: 'photosynthesis' });
    expect(idsOf(found)).toEqual([placedId('titleMatch'), placedId('descriptionMatch'), placedId('sourceMatch')]);
    expect(found.pagination).toMatchObject({ total: 3, totalPages: 1 });
  });

  it('matches the last word as a prefix while the user types', async () => {
    for (const typed of ['photosyn', 'Photosynthe', 'calvin cyc']) {
      expect(idsOf(await explore({ search: typed }))[0], typed).toBe(placedId('titleMatch'));
    }
  });

  it('stems words: "cells" finds "Cell", "membranes" finds "Membrane"', async () => {
    expect(idsOf(await explore({ search: 'cells' }))[0]).toBe(placedId('cell'));
    const membranes = await explore({ search: 'membranes transport', limit: 5 });
    expect(idsOf(membranes)[0]).toBe(placedId('cell'));
  });

  it('needs every word: more words narrow the results', async () => {
    const broad = await explore({ search: 'chemistry' });
    const narrow = await explore({ search: 'organic chemistry primer' });
    expect(broad.pagination.total).toBeGreaterThan(narrow.pagination.total);
    expect(narrow.data.map((d) => d.title)).toEqual(['Organic Chemistry Primer']);
  });

  it('still finds decks through a typo, by title similarity', async () => {
    expect(idsOf(await explore({ search: 'photosinthesis' }))[0]).toBe(placedId('titleMatch'));
    expect(idsOf(await explore({ search: 'mitocondria' }))[0]).toBe(placedId('mitochondria'));
    expect(idsOf(await explore({ search: 'thermodinamics' })).length).toBeGreaterThan(0);
  });

  it('answers 200 for any storable text: quotes, operators, stopwords only, 200 characters', async () => {
    for (const search of [`"photo's" 'syn`, '&|!:*()', "photosynthesis' & !cells | (", 'the and of', '\\x', 'x'.repeat(200), 'é' + 'ü'.repeat(150), ':*A']) {
      const res = await api.call(viewer, 'GET', `/decks/explore?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, `${JSON.stringify(search)}: ${res.body}`).toBe(200);
    }
    expect(idsOf(await explore({ search: `"photosynthesis's"` }))[0]).toBe(placedId('titleMatch'));
    expect((await explore({ search: '&|!:*()' })).data).toEqual([]);
  });

  it('refuses a search with a NUL byte as every text field does (issue 17.9)', async () => {
    const res = await api.call(viewer, 'GET', `/decks/explore?search=${encodeURIComponent('\\\u0000x')}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).code).toBe('INVALID_CHARACTER');
  });

  it('finds nothing for words no deck has, with empty pagination', async () => {
    const none = await explore({ search: 'zyzzyva quokka' });
    expect(none).toMatchObject({ data: [], pagination: { total: 0, totalPages: 0 } });
  });

  it('follows source changes: a renamed or removed source changes what finds its deck', async () => {
    const deckId = placedId('sourceMatch');
    await t.db.update(sources).set({ title: 'Chlorophyll handout' }).where(eq(sources.deckId, deckId));
    expect(idsOf(await explore({ search: 'photosynthesis' }))).not.toContain(deckId);
    expect(idsOf(await explore({ search: 'chlorophyll' }))).toEqual([deckId]);
    await t.db.delete(sources).where(eq(sources.deckId, deckId));
    expect((await explore({ search: 'chlorophyll' })).data).toEqual([]);
    await t.db.insert(sources).values({ deckId, type: 'website', url: 'https://example.org/p', title: 'Photosynthesis lecture notes' });
    expect(idsOf(await explore({ search: 'photosynthesis' }))).toContain(deckId);
  });
});

describe('the search query', () => {
  it('is built from words only, the last one a prefix, with weighted forms for the ranking', () => {
    expect(searchQueries(`Cells' & !photo:*A`)).toEqual({
      any: "'cells' & 'photo' & 'a':*",
      title: "'cells':A & 'photo':A & 'a':*A",
      titleOrDescription: "'cells':AB & 'photo':AB & 'a':*AB",
    });
    expect(searchQueries('&|!:*()')).toBeNull();
  });
});

describe('indexes', () => {
  /**
   * Each query Explore runs, explained with sequential scans off: the plan must name the index that
   * serves it. On 200 rows the planner rightly prefers the small listing index for everything, so
   * the search queries are explained with it dropped inside a transaction that is rolled back: what
   * is left for them is the index built for them.
   */
  it('serve every Explore query', { timeout: 60_000 }, async () => {
    const q = searchQueries('photosyn')!;
    const plans: Record<string, string> = {};
    const explain = async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], name: string, query: ReturnType<typeof sql>) => {
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      plans[name] = rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const rolledBack = new Error('explained');
    await t.db
      .transaction(async (tx) => {
        // Plain index scans only for the listing: its plan must read the index in order (no Sort).
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
        await explain(tx, 'listing', sql`select id from decks where is_published order by published_at desc nulls last, id desc nulls last limit 20 offset 40`);
        await explain(tx, 'oldest', sql`select id from decks where is_published order by published_at asc nulls first, id asc nulls first limit 20`);
        await explain(tx, 'count', sql`select count(*) from decks where is_published`);
        // GIN indexes are read through bitmaps.
        await tx.execute(sql`set local enable_bitmapscan = on`);
        await tx.execute(sql`drop index decks_published_idx`);
        await explain(tx, 'fullText', sql`select id from decks where is_published and search_tsv @@ to_tsquery('english', ${q.any})`);
        await explain(tx, 'typo', sql`select id from decks where is_published and ${'photosinthesis'} <% title`);
        throw rolledBack;
      })
      .catch((err: unknown) => {
        if (err !== rolledBack) throw err;
      });
    expect(plans.listing).toMatch(/Index (Only )?Scan using decks_published_idx/);
    expect(plans.oldest).toMatch(/Index (Only )?Scan Backward using decks_published_idx/);
    expect(`${plans.listing}${plans.oldest}`).not.toContain('Sort');
    expect(plans.count).toContain('decks_published_idx');
    expect(plans.fullText).toContain('decks_published_search_gin');
    expect(plans.typo).toContain('decks_published_title_trgm');
    // The index came back with the rollback.
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_indexes where indexname = 'decks_published_idx'`);
    expect(rows[0]!.n).toBe(1);
  });
});
