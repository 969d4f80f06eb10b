import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReviewRating } from '@mnemo/contracts/api/review';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { decks, questions, reviewCards, reviewLogs, reviewSettings, sources, type ReviewCardRow } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';
import type { QuestionWithSource } from '../questions/questions.repository';
import type { CardFields, LogFields } from './scheduler';

export type { ReviewCardRow };
export type StoredSettings = { desiredRetention: number; newPerDay: number; reviewsPerDay: number; timeZone: string };

/** The owner condition in raw SQL, for the queries drizzle's builder cannot express well. */
const ownerSql = (alias: string, owner: Owner): SQL =>
  owner.userId
    ? sql`${sql.raw(`${alias}.owner_user_id`)} = ${owner.userId}`
    : sql`${sql.raw(`${alias}.owner_anon_id`)} = ${owner.anonId!}`;

const rows = <T>(r: { rows: unknown[] }) => r.rows as T[];
const num = (v: unknown) => Number(v ?? 0);

export function createReviewRepository({ db }: { db: Db }) {
  /** The learner's cards in these states falling due by `until`, soonest (most overdue) first. */
  async function cardsDueBy(
    owner: Owner,
    states: ReviewCardRow['state'][],
    until: Date,
    limit: number,
    deckId?: string,
  ): Promise<ReviewCardRow[]> {
    if (limit <= 0) return [];
    return db
      .select()
      .from(reviewCards)
      .where(
        and(
          ownedBy(reviewCards, owner),
          deckId ? eq(reviewCards.deckId, deckId) : undefined,
          inArray(reviewCards.state, states),
          sql`${reviewCards.due} <= ${until.toISOString()}`,
        ),
      )
      .orderBy(asc(reviewCards.due))
      .limit(limit);
  }

  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /**
     * Serialises answers of one learner to one question for the rest of the transaction, so two
     * answers at once append two reviews in order instead of racing on the card's first insert.
     */
    async lockCard(tx: Tx, owner: Owner, questionId: string): Promise<void> {
      const key = `review:${owner.userId ?? owner.anonId}:${questionId}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    /** The deck of a question the caller owns, or null (not theirs, or missing). */
    async ownedQuestion(owner: Owner, questionId: string, tx: DbOrTx = db): Promise<{ deckId: string } | null> {
      const [row] = await tx
        .select({ deckId: questions.deckId })
        .from(questions)
        .innerJoin(decks, eq(decks.id, questions.deckId))
        .where(and(eq(questions.id, questionId), ownedBy(decks, owner)));
      return row ?? null;
    },

    async card(tx: DbOrTx, owner: Owner, questionId: string): Promise<ReviewCardRow | null> {
      const [row] = await tx
        .select()
        .from(reviewCards)
        .where(and(ownedBy(reviewCards, owner), eq(reviewCards.questionId, questionId)));
      return row ?? null;
    },

    async saveCard(
      tx: Tx,
      owner: Owner,
      existing: ReviewCardRow | null,
      values: { questionId: string; deckId: string; card: CardFields; lastRating: ReviewRating },
    ): Promise<ReviewCardRow> {
      const set = { ...values.card, lastRating: values.lastRating };
      if (existing) {
        const [row] = await tx.update(reviewCards).set(set).where(eq(reviewCards.id, existing.id)).returning();
        return row!;
      }
      const [row] = await tx
        .insert(reviewCards)
        .values({ ...ownerValues(owner), questionId: values.questionId, deckId: values.deckId, ...set })
        .returning();
      return row!;
    },

    async appendReview(
      tx: Tx,
      owner: Owner,
      values: {
        questionId: string;
        deckId: string;
        rating: ReviewRating;
        before: LogFields;
        response: number | string;
        evaluation: Evaluation;
        timeTakenMs: number | null;
        reviewedAt: Date;
      },
    ): Promise<void> {
      await tx.insert(reviewLogs).values({
        ...ownerValues(owner),
        ...values.before,
        kind: 'review',
        questionId: values.questionId,
        deckId: values.deckId,
        rating: values.rating,
        response: values.response,
        evaluation: values.evaluation,
        timeTakenMs: values.timeTakenMs,
        reviewedAt: values.reviewedAt,
      });
    },

    /** An override row: the new rating of an earlier review, which keeps its time and before-state. */
    async appendOverride(
      tx: Tx,
      owner: Owner,
      of: { id: string; questionId: string; deckId: string; reviewedAt: Date; before: LogFields },
      rating: ReviewRating,
      overriddenFrom: ReviewRating,
    ): Promise<void> {
      await tx.insert(reviewLogs).values({
        ...ownerValues(owner),
        ...of.before,
        kind: 'override',
        questionId: of.questionId,
        deckId: of.deckId,
        rating,
        overridesId: of.id,
        overriddenFrom,
        reviewedAt: of.reviewedAt,
      });
    },

    /**
     * The learner's reviews of a question in order, each with its latest rating (an override
     * replaces the rating of the review it names; the newest override wins).
     */
    async reviews(owner: Owner, questionId: string, tx: DbOrTx = db) {
      const all = await tx
        .select()
        .from(reviewLogs)
        .where(and(ownedBy(reviewLogs, owner), eq(reviewLogs.questionId, questionId)))
        .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.createdAt));
      const latest = new Map<string, ReviewRating>();
      for (const o of all) if (o.kind === 'override' && o.overridesId) latest.set(o.overridesId, o.rating);
      return all
        .filter((r) => r.kind === 'review')
        .map((r) => ({ ...r, rating: latest.get(r.id) ?? r.rating, originalRating: r.rating }));
    },

    async settings(owner: Owner, tx: DbOrTx = db): Promise<StoredSettings | null> {
      const [row] = await tx.select().from(reviewSettings).where(ownedBy(reviewSettings, owner));
      return row
        ? { desiredRetention: row.desiredRetention, newPerDay: row.newPerDay, reviewsPerDay: row.reviewsPerDay, timeZone: row.timeZone }
        : null;
    },

    async saveSettings(owner: Owner, settings: StoredSettings): Promise<void> {
      await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: reviewSettings.id }).from(reviewSettings).where(ownedBy(reviewSettings, owner)).for('update');
        if (existing) await tx.update(reviewSettings).set(settings).where(eq(reviewSettings.id, existing.id));
        else await tx.insert(reviewSettings).values({ ...ownerValues(owner), ...settings });
      });
    },

    /** Reviews of cards in review and of new cards the learner did since `since` (today's counts). */
    async doneSince(owner: Owner, since: Date): Promise<{ reviews: number; news: number }> {
      const r = await db.execute(sql`
        select count(*) filter (where l.state = 'review') as reviews, count(*) filter (where l.state = 'new') as news
        from review_logs l
        where ${ownerSql('l', owner)} and l.reviewed_at >= ${since.toISOString()} and l.kind = 'review'`);
      const row = rows<{ reviews: unknown; news: unknown }>(r)[0];
      return { reviews: num(row?.reviews), news: num(row?.news) };
    },

    /** Cards due by `until`, per deck: in review due by `now`, learning due by `learnAhead`. */
    async dueByDeck(owner: Owner, now: Date, learnAhead: Date, deckId?: string) {
      const r = await db.execute(sql`
        select c.deck_id,
          count(*) filter (where c.state = 'review' and c.due <= ${now.toISOString()}) as due,
          count(*) filter (where c.state in ('learning', 'relearning')) as learning
        from review_cards c
        where ${ownerSql('c', owner)} and c.due <= ${learnAhead.toISOString()}
          ${deckId ? sql`and c.deck_id = ${deckId}` : sql``}
        group by c.deck_id`);
      return rows<{ deck_id: string; due: unknown; learning: unknown }>(r).map((x) => ({
        deckId: x.deck_id,
        due: num(x.due),
        learning: num(x.learning),
      }));
    },

    /** Questions of the learner's decks they never answered, per deck. */
    async newByDeck(owner: Owner, deckId?: string) {
      const r = await db.execute(sql`
        select q.deck_id, count(*) as n
        from questions q join decks d on d.id = q.deck_id
        where ${ownerSql('d', owner)} ${deckId ? sql`and q.deck_id = ${deckId}` : sql``}
          and not exists (select 1 from review_cards c where c.question_id = q.id and ${ownerSql('c', owner)})
        group by q.deck_id`);
      return rows<{ deck_id: string; n: unknown }>(r).map((x) => ({ deckId: x.deck_id, new: num(x.n) }));
    },

    /** Cards in review due by `now`, most overdue first. */
    dueCards: (owner: Owner, now: Date, limit: number, deckId?: string) =>
      cardsDueBy(owner, ['review'], now, limit, deckId),

    /** Cards in a (re)learning step due by `until`, soonest first. */
    learningCards: (owner: Owner, until: Date, limit: number, deckId?: string) =>
      cardsDueBy(owner, ['learning', 'relearning'], until, limit, deckId),

    /** Questions never answered, in library order (oldest deck first, then deck order). */
    async newQuestionIds(owner: Owner, limit: number, deckId?: string): Promise<string[]> {
      if (limit <= 0) return [];
      const r = await db.execute(sql`
        select q.id
        from questions q join decks d on d.id = q.deck_id
        where ${ownerSql('d', owner)} ${deckId ? sql`and q.deck_id = ${deckId}` : sql``}
          and not exists (select 1 from review_cards c where c.question_id = q.id and ${ownerSql('c', owner)})
        order by d.created_at, d.id, q.position, q.created_at, q.id
        limit ${limit}`);
      return rows<{ id: string }>(r).map((x) => x.id);
    },

    /** Questions with their source, in the order of `ids`. */
    async questionsByIds(ids: string[]): Promise<QuestionWithSource[]> {
      if (ids.length === 0) return [];
      const found = (await db
        .select({ question: questions, source: { id: sources.id, type: sources.type, title: sources.title } })
        .from(questions)
        .leftJoin(sources, eq(sources.id, questions.sourceId))
        .where(inArray(questions.id, ids))) as QuestionWithSource[];
      const byId = new Map(found.map((q) => [q.question.id, q]));
      return ids.map((id) => byId.get(id)).filter((q): q is QuestionWithSource => q !== undefined);
    },

    /** Every question of a deck: id, concepts and what tagging needs. */
    async deckQuestions(deckId: string) {
      return db
        .select({ id: questions.id, concepts: questions.concepts, question: questions.question, chunkId: questions.chunkId, sourceId: questions.sourceId })
        .from(questions)
        .where(eq(questions.deckId, deckId))
        .orderBy(asc(questions.position), asc(questions.createdAt), asc(questions.id));
    },

    async deckCards(owner: Owner, deckId: string): Promise<ReviewCardRow[]> {
      return db.select().from(reviewCards).where(and(ownedBy(reviewCards, owner), eq(reviewCards.deckId, deckId)));
    },

    /**
     * Per learner day (4 a.m. in `timeZone`) since `since`: reviews, Again ratings, and among
     * reviews of cards past learning, how many and how many were not Again. Override rows correct
     * the counts of the review they change: +1 for their rating, -1 for the one they replaced.
     */
    async perDay(owner: Owner, since: Date, timeZone: string) {
      const r = await db.execute(sql`
        select to_char((l.reviewed_at at time zone ${timeZone}) - interval '4 hours', 'YYYY-MM-DD') as day,
          count(*) filter (where l.kind = 'review') as reviews,
          count(*) filter (where l.rating = 'again') - count(*) filter (where l.kind = 'override' and l.overridden_from = 'again') as again,
          count(*) filter (where l.kind = 'review' and l.state = 'review') as mature,
          count(*) filter (where l.state = 'review' and l.rating = 'again')
            - count(*) filter (where l.kind = 'override' and l.state = 'review' and l.overridden_from = 'again') as mature_again
        from review_logs l
        where ${ownerSql('l', owner)} and l.reviewed_at >= ${since.toISOString()}
        group by 1`);
      return rows<{ day: string; reviews: unknown; again: unknown; mature: unknown; mature_again: unknown }>(r).map((x) => ({
        date: x.day,
        reviews: num(x.reviews),
        again: num(x.again),
        mature: num(x.mature),
        matureAgain: num(x.mature_again),
      }));
    },

    /** Every learner day with at least one review, oldest first (for streaks). */
    async reviewDays(owner: Owner, timeZone: string): Promise<string[]> {
      const r = await db.execute(sql`
        select distinct to_char((l.reviewed_at at time zone ${timeZone}) - interval '4 hours', 'YYYY-MM-DD') as day
        from review_logs l
        where ${ownerSql('l', owner)} and l.kind = 'review'
        order by 1`);
      return rows<{ day: string }>(r).map((x) => x.day);
    },

    /** Cards falling due before `until`, per learner day of their due date. */
    async forecast(owner: Owner, until: Date, timeZone: string) {
      const r = await db.execute(sql`
        select to_char((c.due at time zone ${timeZone}) - interval '4 hours', 'YYYY-MM-DD') as day, count(*) as n
        from review_cards c
        where ${ownerSql('c', owner)} and c.due < ${until.toISOString()}
        group by 1`);
      return rows<{ day: string; n: unknown }>(r).map((x) => ({ date: x.day, due: num(x.n) }));
    },

    /** Concepts set on questions that had none (the backfill), in one statement per question. */
    async setConcepts(tagged: ReadonlyArray<{ id: string; concepts: string[] }>): Promise<void> {
      for (const q of tagged) {
        // Only while still untagged: an edit or a generation in between wins.
        await db
          .update(questions)
          .set({ concepts: q.concepts })
          .where(and(eq(questions.id, q.id), sql`cardinality(${questions.concepts}) = 0`));
      }
    },

    /** The text a question was written from: its chunk, else its source's key points and title. */
    async passages(ids: string[]) {
      if (ids.length === 0) return [];
      const r = await db.execute(sql`
        select q.id, ch.content as chunk, s.title as source_title, s.key_points
        from questions q
        left join source_chunks ch on ch.id = q.chunk_id
        left join sources s on s.id = q.source_id
        where q.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      return rows<{ id: string; chunk: string | null; source_title: string | null; key_points: string[] | null }>(r);
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
