import { and, asc, count, desc, eq, getTableColumns, getTableName, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { cards, decks, questions, sources, studySpaces, uploads, users } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';
import { canView, classMemberOf } from '@mnemo/db/deck-access';
import type { SourceRow } from '../sources/sources.repository';
import { deckOrder } from '../questions/questions.repository';

export type DeckRow = typeof decks.$inferSelect;
/** A deck row read for a caller who may not own it: whether they are a member of its class. */
export type ReadableDeckRow = DeckRow & { classMember: boolean };
export type NewDeckValues = Pick<
  typeof decks.$inferInsert,
  'title' | 'description' | 'focusInstructions' | 'studySpaceId' | 'length' | 'questionTypes'
>;
export type DeckPatch = Partial<
  Pick<
    typeof decks.$inferInsert,
    'title' | 'description' | 'systemPrompt' | 'focusInstructions' | 'studySpaceId' | 'isPublished' | 'publishedAnonymously' | 'publishedAt'
  >
>;
/** Which decks a count limit counts: one space's (null: those outside any space), or all the owner's. */
export type DeckScope = { spaceId: string | null } | 'all';
/** What must be cleaned up outside the database once removed sources are committed away. */
export type RemovedSource = Pick<SourceRow, 'id' | 'storageRef' | 'processingAttempt'>;

/** A source without its extracted text, which can be megabytes: for lists and answers that omit it. */
const sourceWithoutContent = { ...getTableColumns(sources), content: sql<string | null>`null` };

/** What presenting decks needs besides their rows: sources by deck, card ids by deck, owners' first names. */
export type DeckContents = { sources: Map<string, SourceRow[]>; cardIds: Map<string, string[]>; names: Map<string, string> };

// A listed source's columns, in the order its JSON array holds them (content left out: null).
const listedSourceColumns = Object.entries(getTableColumns(sources)).filter(([key]) => key !== 'content');
const decodeListedSource = (values: unknown[]): SourceRow =>
  Object.fromEntries([
    ...listedSourceColumns.map(([key, column], i) => [key, values[i] === null ? null : column.mapFromDriverValue(values[i])]),
    ['content', null],
  ]) as SourceRow;

/**
 * The deck list's query for one kind of owner, with or without a space, built and prepared once:
 * drizzle built its SQL on every call (7-8% of the deck service's time in the list, issue 25), and
 * a named statement is parsed once per connection and then only bound (on the embedded server too,
 * which gives every connection's named statements their own name).
 */
function prepareList(db: Db, ownerKind: 'user' | 'anon', bySpace: boolean) {
  // Qualified by hand: in a one-table select drizzle writes a bare "id", which the subqueries
  // would read as their own table's.
  const deck = (column: { name: string }) => sql`${sql.identifier(getTableName(decks))}.${sql.identifier(column.name)}`;
  const owner = sql.placeholder('owner');
  return db
    .select({
      deck: getTableColumns(decks),
      sources: sql<unknown[][]>`coalesce((select json_agg(json_build_array(${sql.join(
        listedSourceColumns.map(([, column]) => sql`${sql.identifier('s')}.${sql.identifier(column.name)}`),
        sql`, `,
      )}) order by s.created_at, s.id) from ${sources} s where s.deck_id = ${deck(decks.id)}), '[]'::json)`,
      questionIds: sql<string[]>`array(select q.id from ${questions} q where q.deck_id = ${deck(decks.id)} order by q.position, q.created_at, q.id)`,
      cardIds: sql<string[]>`array(select c.id from ${cards} c where c.deck_id = ${deck(decks.id)} order by c.position, c.created_at, c.id)`,
      ownerFirstName: sql<string | null>`(select u.first_name from ${users} u where u.id = ${deck(decks.ownerUserId)})`,
    })
    .from(decks)
    .where(
      and(
        // ownedBy's rule (@mnemo/db/owner), with the owner's id as a parameter of the statement.
        ownerKind === 'user' ? eq(decks.ownerUserId, owner) : eq(decks.ownerAnonId, owner),
        bySpace ? eq(decks.studySpaceId, sql.placeholder('spaceId')) : undefined,
      ),
    )
    .orderBy(desc(decks.createdAt), desc(decks.id))
    .prepare(`decks_list_${ownerKind}${bySpace ? '_space' : ''}`);
}

export function createDecksRepository({ db }: { db: Db }) {
  const lists = new Map<string, ReturnType<typeof prepareList>>();
  const listQuery = (ownerKind: 'user' | 'anon', bySpace: boolean) => {
    const key = `${ownerKind}:${bySpace}`;
    let query = lists.get(key);
    if (!query) lists.set(key, (query = prepareList(db, ownerKind, bySpace)));
    return query;
  };
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /** Whether the space is the owner's. */
    async ownsSpace(owner: Owner, spaceId: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: studySpaces.id })
        .from(studySpaces)
        .where(and(eq(studySpaces.id, spaceId), ownedBy(studySpaces, owner)));
      return rows.length > 0;
    },

    /** How many of the owner's decks are in the scope. */
    async countDecks(tx: DbOrTx, owner: Owner, scope: DeckScope): Promise<number> {
      const inScope =
        scope === 'all' ? undefined : scope.spaceId ? eq(decks.studySpaceId, scope.spaceId) : isNull(decks.studySpaceId);
      const [row] = await tx.select({ n: count() }).from(decks).where(and(ownedBy(decks, owner), inScope));
      return row?.n ?? 0;
    },

    async insert(tx: Tx, owner: Owner, values: NewDeckValues): Promise<DeckRow> {
      const [row] = await tx
        .insert(decks)
        .values({ ...ownerValues(owner), ...values })
        .returning();
      return row!;
    },

    /** The owner's deck, locked for the rest of the transaction; null when not theirs. */
    async lockOwned(tx: Tx, owner: Owner, id: string): Promise<DeckRow | null> {
      const [row] = await tx
        .select()
        .from(decks)
        .where(and(eq(decks.id, id), ownedBy(decks, owner)))
        .for('update');
      return row ?? null;
    },

    /**
     * A deck the caller may read (`@mnemo/db/deck-access`: their own, a published one, or one of a
     * class they are a member of), with that membership for the presenter's access flags. Null otherwise.
     */
    async findReadable(owner: Owner, id: string, tx: DbOrTx = db): Promise<ReadableDeckRow | null> {
      const [row] = await tx
        .select({ ...getTableColumns(decks), classMember: classMemberOf(owner) })
        .from(decks)
        .where(and(eq(decks.id, id), canView(owner)));
      return row ?? null;
    },

    /** The owner's decks, newest first, optionally those of one space. */
    /**
     * The owner's decks, newest first, with what a list shows of each (its sources without their
     * text, its question and card ids, its owner's first name): what `listOwned` + `contentsOf`
     * read in four queries, in one. On the embedded database every query is a round trip through
     * the one PGlite session, and the deck list is the most frequent call (issue 25). The sources
     * come as one JSON array a deck, decoded by the drizzle columns as drizzle's relational
     * queries do (dates, bigints, jsonb).
     */
    async listOwnedWithContents(owner: Owner, spaceId?: string): Promise<{ rows: DeckRow[]; contents: DeckContents }> {
      const listed = await listQuery(owner.userId ? 'user' : 'anon', Boolean(spaceId)).execute({
        owner: owner.userId ?? owner.anonId,
        ...(spaceId ? { spaceId } : {}),
      });
      const contents: DeckContents = { sources: new Map(), cardIds: new Map(), names: new Map() };
      for (const l of listed) {
        contents.sources.set(l.deck.id, l.sources.map(decodeListedSource));
        contents.cardIds.set(l.deck.id, [...l.questionIds, ...l.cardIds]);
        if (l.deck.ownerUserId && l.ownerFirstName !== null) contents.names.set(l.deck.ownerUserId, l.ownerFirstName);
      }
      return { rows: listed.map((l) => l.deck), contents };
    },

    /** Whether the deck has neither sources nor questions nor cards. */
    async isEmpty(tx: DbOrTx, id: string): Promise<boolean> {
      const result = await tx.execute<{ empty: boolean }>(sql`select not (
        exists (select 1 from ${sources} where ${sources.deckId} = ${id})
        or exists (select 1 from ${questions} where ${questions.deckId} = ${id})
        or exists (select 1 from ${cards} where ${cards.deckId} = ${id})) as empty`);
      return result.rows[0]?.empty === true;
    },

    /**
     * Whether the deck is what a failed creation leaves: at least one source, every source failed,
     * and no questions or cards. Anything else in it is the learner's and must stay.
     */
    async isFailedCreation(tx: DbOrTx, id: string): Promise<boolean> {
      const result = await tx.execute<{ failed: boolean }>(sql`select (
        exists (select 1 from ${sources} where ${sources.deckId} = ${id})
        and not exists (select 1 from ${sources} where ${sources.deckId} = ${id}
          and ${sources.processingStatus} <> 'failed')
        and not exists (select 1 from ${questions} where ${questions.deckId} = ${id})
        and not exists (select 1 from ${cards} where ${cards.deckId} = ${id})) as failed`);
      return result.rows[0]?.failed === true;
    },

    /** Deletes the owner's space when no deck is left in it; whether it did. */
    async deleteSpaceIfEmpty(tx: Tx, owner: Owner, spaceId: string): Promise<boolean> {
      const rows = await tx
        .delete(studySpaces)
        .where(
          and(
            eq(studySpaces.id, spaceId),
            ownedBy(studySpaces, owner),
            sql`not exists (select 1 from ${decks} where ${decks.studySpaceId} = ${spaceId})`,
          ),
        )
        .returning({ id: studySpaces.id });
      return rows.length > 0;
    },

    async update(tx: Tx, id: string, patch: DeckPatch): Promise<DeckRow> {
      const [row] = await tx.update(decks).set(patch).where(eq(decks.id, id)).returning();
      return row!;
    },

    /**
     * What a deck answer shows besides the row: its sources (oldest first), the ids of what it
     * studies (questions, then fallback cards, each in order) and owners' first names.
     */
    async contentsOf(rows: DeckRow[], { withContent, tx = db }: { withContent: boolean; tx?: DbOrTx }): Promise<DeckContents> {
      const ids = rows.map((r) => r.id);
      const ownerIds = [...new Set(rows.map((r) => r.ownerUserId).filter((id): id is string => id !== null))];
      if (ids.length === 0) return { sources: new Map<string, SourceRow[]>(), cardIds: new Map<string, string[]>(), names: new Map<string, string>() };
      const readSources = () =>
        tx
          .select(withContent ? getTableColumns(sources) : sourceWithoutContent)
          .from(sources)
          .where(inArray(sources.deckId, ids))
          .orderBy(asc(sources.createdAt), asc(sources.id));
      const readQuestions = () =>
        tx
          .select({ id: questions.id, deckId: questions.deckId })
          .from(questions)
          .where(inArray(questions.deckId, ids))
          .orderBy(...deckOrder);
      const readCards = () =>
        tx
          .select({ id: cards.id, deckId: cards.deckId })
          .from(cards)
          .where(inArray(cards.deckId, ids))
          .orderBy(asc(cards.position), asc(cards.createdAt), asc(cards.id));
      const readNames = () =>
        ownerIds.length
          ? tx.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, ownerIds))
          : Promise.resolve([]);
      // A transaction is one connection, which runs one query at a time (pg warns about queries
      // queued on a busy client): there the reads go one after the other; on the pool, in parallel.
      const [sourceRows, questionRows, cardRows, nameRows] =
        tx === db
          ? await Promise.all([readSources(), readQuestions(), readCards(), readNames()])
          : [await readSources(), await readQuestions(), await readCards(), await readNames()];
      const group = <T extends { deckId: string }>(list: T[]) => {
        const map = new Map<string, T[]>();
        for (const item of list) map.set(item.deckId, [...(map.get(item.deckId) ?? []), item]);
        return map;
      };
      const byDeckQuestions = group(questionRows);
      const byDeckCards = group(cardRows);
      return {
        sources: group(sourceRows as SourceRow[]),
        cardIds: new Map(ids.map((id) => [id, [...(byDeckQuestions.get(id) ?? []), ...(byDeckCards.get(id) ?? [])].map((c) => c.id)])),
        names: new Map(nameRows.map((u) => [u.id, u.firstName])),
      };
    },

    /**
     * Before decks are deleted: their sources (for the stored files and queued jobs to clean up after
     * the commit) and their upload records, deleted here so no upload points at a vanished source.
     */
    async detachSources(tx: Tx, where: { deckIds: string[] } | { spaceId: string }): Promise<RemovedSource[]> {
      const deckIds =
        'deckIds' in where
          ? where.deckIds
          : (await tx.select({ id: decks.id }).from(decks).where(eq(decks.studySpaceId, where.spaceId))).map((d) => d.id);
      if (deckIds.length === 0) return [];
      const removed = await tx
        .select({ id: sources.id, storageRef: sources.storageRef, processingAttempt: sources.processingAttempt })
        .from(sources)
        .where(inArray(sources.deckId, deckIds));
      if (removed.length) await tx.delete(uploads).where(inArray(uploads.sourceId, removed.map((s) => s.id)));
      return removed;
    },

    /** Deletes decks; their sources, chunks, questions, cards and chats go with them (cascade). */
    async deleteDecks(tx: Tx, where: { deckIds: string[] } | { spaceId: string }): Promise<void> {
      await tx.delete(decks).where('deckIds' in where ? inArray(decks.id, where.deckIds) : eq(decks.studySpaceId, where.spaceId));
    },
  };
}
export type DecksRepository = ReturnType<typeof createDecksRepository>;
