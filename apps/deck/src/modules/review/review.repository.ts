import { and, asc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { CardState, ReviewRating } from '@mnemo/contracts/api/review';
import { isCorrectAnswer, type Evaluation } from '@mnemo/contracts/entities/question';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import {
  decks,
  questions,
  reviewCards,
  reviewDays,
  reviewLogs,
  reviewSettings,
  sources,
  type ReviewCardRow,
} from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';
import { canStudy, studiedDecks } from '@mnemo/db/deck-access';
import { deckOrder, type QuestionWithSource } from '../questions/questions.repository';
import {
  countsAgainstReviewLimit,
  interdayLearning,
  interdayStep,
  intradayLearning,
  intradayStep,
  LEARNING_STATES,
  type UsedToday,
  type Waiting,
} from './daily-limits';
import { DAY_ROLLOVER_HOURS } from './learner-day';
import type { CardFields, LogFields } from './scheduler';

export type { ReviewCardRow };
export type StoredSettings = {
  desiredRetention: number;
  newPerDay: number;
  reviewsPerDay: number;
  timeZone: string;
};

/** The owner condition in raw SQL, for the queries drizzle's builder cannot express well. */
const ownerSql = (alias: string, owner: Owner): SQL =>
  owner.userId
    ? sql`${sql.raw(`${alias}.owner_user_id`)} = ${owner.userId}`
    : sql`${sql.raw(`${alias}.owner_anon_id`)} = ${owner.anonId!}`;

const DAY_COLUMNS = sql.raw('reviews, again, mature, mature_again, news, limited');
/**
 * A day summary over log rows (the columns of review_days, in DAY_COLUMNS' order). Override rows
 * are not answers; they correct the Again counts of the review they change: +1 for their rating,
 * -1 for the one they replaced.
 */
const daySummary = (alias: string): SQL => {
  const l = sql.raw(alias);
  return sql`
    count(*) filter (where ${l}.kind = 'review'),
    count(*) filter (where ${l}.rating = 'again') - count(*) filter (where ${l}.kind = 'override' and ${l}.overridden_from = 'again'),
    count(*) filter (where ${l}.kind = 'review' and ${l}.state = 'review'),
    count(*) filter (where ${l}.state = 'review' and ${l}.rating = 'again')
      - count(*) filter (where ${l}.kind = 'override' and ${l}.state = 'review' and ${l}.overridden_from = 'again'),
    count(*) filter (where ${l}.kind = 'review' and ${l}.state = 'new'),
    count(*) filter (where ${l}.kind = 'review' and ${countsAgainstReviewLimit(alias)})`;
};

/**
 * Serialises the recounts of one learner's day summaries until the transaction ends: two answers
 * committed at once would each count the log without the other's row, and the later write would
 * lose one. After the lock, the recount's statement sees every answer committed before it.
 */
async function lockDays(tx: Tx, owner: Owner): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`review-days:${owner.userId ?? owner.anonId}`}, 0))`,
  );
}

const rows = <T>(r: { rows: unknown[] }) => r.rows as T[];
/** Midnight UTC of the day of `at`: the day boundary of `review_card_days` (days of `due` in UTC). */
const utcDayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const num = (v: unknown) => Number(v ?? 0);

/** The learner day (in `timeZone`, starting at the rollover hour) a log row's answer falls on. */
const learnerDayOf = (alias: string, timeZone: string): SQL =>
  sql`((${sql.raw(alias)}.reviewed_at at time zone ${timeZone}) - interval '${sql.raw(String(DAY_ROLLOVER_HOURS))} hours')::date`;

/** Replaces a day's summary row with the recounted one. */
const replaceDay = (owner: Owner): SQL => sql`
  on conflict (${sql.raw(owner.userId ? 'owner_user_id' : 'owner_anon_id')}, day) do update set
    reviews = excluded.reviews, again = excluded.again, mature = excluded.mature,
    mature_again = excluded.mature_again, news = excluded.news, limited = excluded.limited`;

/**
 * Recomputes every day summary of the learner from the log, with days in `timeZone`: when the
 * time zone changes (the days move) or a guest's log joins an account's.
 */
export async function recountAllDays(tx: Tx, owner: Owner, timeZone: string): Promise<void> {
  const o = ownerValues(owner);
  await lockDays(tx, owner);
  await tx.delete(reviewDays).where(ownedBy(reviewDays, owner));
  await tx.execute(sql`
    insert into review_days (owner_user_id, owner_anon_id, day, ${DAY_COLUMNS})
    select ${o.ownerUserId}::uuid, ${o.ownerAnonId}::uuid, ${learnerDayOf('l', timeZone)} as day, ${daySummary('l')}
    from review_logs l
    where ${ownerSql('l', owner)}
    group by 3`);
}

/**
 * Recomputes the learner's summaries of the days on which their log of one deck has answers (an
 * import appended a history there), with days in `timeZone`, from their whole log of those days.
 * Every other day's summary is unchanged by the new rows; recounting only these keeps an import's
 * cost independent of how long the learner's history elsewhere is. The owner's log is read over the
 * deck's time span (two days of margin for the rollover and time zone), an index range.
 */
export async function recountDeckDays(tx: Tx, owner: Owner, deckId: string, timeZone: string): Promise<void> {
  const o = ownerValues(owner);
  await lockDays(tx, owner);
  // The span and the days as one row computed once: written as `in (select ...)` over a CTE, the
  // planner (without statistics on rows just inserted) chose a nested loop, quadratic in the log.
  await tx.execute(sql`
    with span as (
      select min(d.reviewed_at) as first, max(d.reviewed_at) as last, array_agg(distinct ${learnerDayOf('d', timeZone)}) as days
      from review_logs d where d.deck_id = ${deckId} and ${ownerSql('d', owner)}
    )
    insert into review_days (owner_user_id, owner_anon_id, day, ${DAY_COLUMNS})
    select ${o.ownerUserId}::uuid, ${o.ownerAnonId}::uuid, ${learnerDayOf('l', timeZone)} as day, ${daySummary('l')}
    from span, review_logs l
    where ${ownerSql('l', owner)}
      and l.reviewed_at >= span.first - interval '2 days' and l.reviewed_at <= span.last + interval '2 days'
      and ${learnerDayOf('l', timeZone)} = any(span.days)
    group by 3
    ${replaceDay(owner)}`);
}

export function createReviewRepository({ db }: { db: Db }) {
  /**
   * The learner's cards in these states (and matching `also`) falling due by `until`, soonest (most
   * overdue) first. One index range per state: with a list of states the planner walks every card
   * due by then in date order and filters, which costs the whole backlog.
   */
  async function cardsDueBy(
    owner: Owner,
    states: CardState[],
    also: SQL | undefined,
    until: Date,
    limit: number,
    deckId?: string,
  ): Promise<ReviewCardRow[]> {
    if (limit <= 0) return [];
    const found: ReviewCardRow[] = [];
    for (const state of states) {
      found.push(
        ...(await db
          .select()
          .from(reviewCards)
          .where(
            and(
              ownedBy(reviewCards, owner),
              deckId ? eq(reviewCards.deckId, deckId) : undefined,
              eq(reviewCards.state, state),
              also,
              // Cards of decks the learner still studies: a member who left a class (or was
              // removed) keeps their log and cards, but the class's decks leave their queue.
              sql`${reviewCards.deckId} in (select sd.id from ${studiedDecks(owner, deckId)} sd)`,
              sql`${reviewCards.due} <= ${until.toISOString()}`,
            ),
          )
          .orderBy(asc(reviewCards.due))
          .limit(limit)),
      );
    }
    return found.sort((x, y) => x.due.getTime() - y.due.getTime()).slice(0, limit);
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
    async ownedQuestion(
      owner: Owner,
      questionId: string,
      tx: DbOrTx = db,
    ): Promise<{ deckId: string } | null> {
      const [row] = await tx
        .select({ deckId: questions.deckId })
        .from(questions)
        .innerJoin(decks, eq(decks.id, questions.deckId))
        // The deck's owner, or a member of its class (issue 23): each on their own schedule.
        .where(and(eq(questions.id, questionId), canStudy(owner)));
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
        const [row] = await tx
          .update(reviewCards)
          .set(set)
          .where(eq(reviewCards.id, existing.id))
          .returning();
        return row!;
      }
      const [row] = await tx
        .insert(reviewCards)
        .values({
          ...ownerValues(owner),
          questionId: values.questionId,
          deckId: values.deckId,
          ...set,
        })
        .returning();
      // The question leaves the new ones with its first card (raw SQL: not an edit, updated_at stays).
      // Only the deck owner's card: `studied` is the owner's queue, and a class member's answer
      // must not take a question out of their teacher's new cards (issue 23).
      await tx.execute(sql`update questions set studied = true where id = ${values.questionId}
        and exists (select 1 from decks d where d.id = questions.deck_id and ${ownerSql('d', owner)})`);
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
        desiredRetention: number;
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
        correct: isCorrectAnswer(values.evaluation),
        timeTakenMs: values.timeTakenMs,
        reviewedAt: values.reviewedAt,
        desiredRetention: values.desiredRetention,
      });
    },

    /** An override row: the new rating of an earlier review, which keeps its time and before-state. */
    async appendOverride(
      tx: Tx,
      owner: Owner,
      of: {
        id: string;
        questionId: string;
        deckId: string;
        reviewedAt: Date;
        before: LogFields;
        desiredRetention: number;
      },
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
        desiredRetention: of.desiredRetention,
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
      for (const o of all)
        if (o.kind === 'override' && o.overridesId) latest.set(o.overridesId, o.rating);
      return all
        .filter((r) => r.kind === 'review')
        .map((r) => ({ ...r, rating: latest.get(r.id) ?? r.rating, originalRating: r.rating }));
    },

    /**
     * Recomputes the learner's summary of one learner day (`day`, from `start` to `end`) from the
     * log, in the transaction that appended to it: the summary cannot drift from the log.
     */
    async recountDay(
      tx: Tx,
      owner: Owner,
      day: { date: string; start: Date; end: Date },
    ): Promise<void> {
      const o = ownerValues(owner);
      await lockDays(tx, owner);
      await tx.execute(sql`
        insert into review_days (owner_user_id, owner_anon_id, day, ${DAY_COLUMNS})
        select ${o.ownerUserId}::uuid, ${o.ownerAnonId}::uuid, ${day.date}::date, ${daySummary('l')}
        from review_logs l
        where ${ownerSql('l', owner)} and l.reviewed_at >= ${day.start.toISOString()} and l.reviewed_at < ${day.end.toISOString()}
        ${replaceDay(owner)}`);
    },

    recountAllDays,

    async settings(owner: Owner, tx: DbOrTx = db): Promise<StoredSettings | null> {
      const [row] = await tx.select().from(reviewSettings).where(ownedBy(reviewSettings, owner));
      return row
        ? {
            desiredRetention: row.desiredRetention,
            newPerDay: row.newPerDay,
            reviewsPerDay: row.reviewsPerDay,
            timeZone: row.timeZone,
          }
        : null;
    },

    /** Saves the settings; a new time zone moves the day summaries to its days in the same transaction. */
    async saveSettings(
      owner: Owner,
      settings: StoredSettings,
      { timeZoneChanged }: { timeZoneChanged: boolean },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: reviewSettings.id })
          .from(reviewSettings)
          .where(ownedBy(reviewSettings, owner))
          .for('update');
        if (existing)
          await tx.update(reviewSettings).set(settings).where(eq(reviewSettings.id, existing.id));
        else await tx.insert(reviewSettings).values({ ...ownerValues(owner), ...settings });
        if (timeZoneChanged) await recountAllDays(tx, owner, settings.timeZone);
      });
    },

    /** What the learner's answers of one learner day used of the daily limits (its summary row). */
    async usedOn(owner: Owner, day: string): Promise<UsedToday> {
      const [row] = await db
        .select({ limited: reviewDays.limited, news: reviewDays.news })
        .from(reviewDays)
        .where(and(ownedBy(reviewDays, owner), eq(reviewDays.day, day)));
      return row ?? { limited: 0, news: 0 };
    },

    /**
     * What waits now in each deck the learner studies (or one), before the limits: cards in review
     * due by `now`, interday learning due by `now`, intraday learning due by `learnAhead`, new
     * questions; each count capped at what today's limits could serve. One query, whose cost does
     * not grow with the backlog: the cards due before today (UTC) are the sums kept per deck and
     * day in `review_card_days`, and only today's are counted from the cards (one index range each);
     * the owner's new questions of their own decks are the count kept in `deck_new_questions`.
     * (Both kept by triggers, migration 0017.) Intraday learning cards are counted from the cards:
     * they are on a step of minutes, few at any time. Cards are counted by learner and deck (a
     * class's deck holds every member's cards); in a class's deck the learner's new questions are
     * those they have no card for (issue 23), a walk bounded by the new-card limit.
     */
    async waitingByDeck(
      owner: Owner,
      at: { now: Date; learnAhead: Date },
      left: { reviewsLeft: number; newLeft: number },
      deckId?: string,
    ): Promise<Array<Waiting & { deckId: string }>> {
      const now = at.now.toISOString();
      const mine = ownerSql('c', owner);
      const ownerId = owner.userId ?? owner.anonId!;
      const today = utcDayStart(at.now);
      const todayDate = today.toISOString().slice(0, 10);
      // Cards of one class (review, or interday learning) due by now: the kept sums of the days
      // before today, and today's cards counted.
      const dueByNow = (interday: boolean, cls: SQL) => sql`least(${left.reviewsLeft}::bigint,
          (select coalesce(sum(b.n), 0) from review_card_days b where b.owner_id = ${ownerId} and b.deck_id = d.id
             and b.interday = ${interday} and b.day < ${todayDate}::date)
          + (select count(*) from review_cards c where ${mine} and c.deck_id = d.id and ${cls}
             and c.due >= ${today.toISOString()} and c.due <= ${now}))`;
      const r = await db.execute(sql`
        select d.id as deck_id,
          ${dueByNow(false, sql`c.state = 'review'`)} as review,
          ${dueByNow(true, interdayLearning('c'))} as interday,
          (select count(*) from review_cards c where ${mine} and c.deck_id = d.id and ${intradayLearning('c')}
             and c.due <= ${at.learnAhead.toISOString()}) as intraday,
          case when d.own
            then least(${left.newLeft}::bigint, coalesce((select k.n from deck_new_questions k where k.deck_id = d.id), 0))
            else (select count(*) from (select 1 from questions q where q.deck_id = d.id
              and not exists (select 1 from review_cards c where c.question_id = q.id and ${mine}) limit ${left.newLeft}) x)
          end as new
        from ${studiedDecks(owner, deckId)} d`);
      return rows<{
        deck_id: string;
        review: unknown;
        interday: unknown;
        intraday: unknown;
        new: unknown;
      }>(r).map((x) => ({
        deckId: x.deck_id,
        review: num(x.review),
        interday: num(x.interday),
        intraday: num(x.intraday),
        new: num(x.new),
      }));
    },

    /** Cards in review due by `now`, most overdue first. */
    dueCards: (owner: Owner, now: Date, limit: number, deckId?: string) =>
      cardsDueBy(owner, ['review'], undefined, now, limit, deckId),

    /** Interday learning cards due by `now`, soonest first. */
    interdayCards: (owner: Owner, now: Date, limit: number, deckId?: string) =>
      cardsDueBy(owner, LEARNING_STATES, interdayStep('review_cards'), now, limit, deckId),

    /** Intraday learning cards due by `until` (now and the learn-ahead), soonest first. */
    intradayCards: (owner: Owner, until: Date, limit: number, deckId?: string) =>
      cardsDueBy(owner, LEARNING_STATES, intradayStep('review_cards'), until, limit, deckId),

    /**
     * Questions the learner never answered, in library order (oldest deck first, then deck order):
     * in their own decks by the `studied` flag, in a class's by the absence of their card.
     */
    async newQuestionIds(owner: Owner, limit: number, deckId?: string): Promise<string[]> {
      if (limit <= 0) return [];
      const r = await db.execute(sql`
        select q.id
        from ${studiedDecks(owner, deckId)} d cross join lateral (
          (select q.id, q.position, q.created_at from questions q where d.own and q.deck_id = d.id and not q.studied
            order by q.position, q.created_at, q.id limit ${limit})
          union all
          (select q.id, q.position, q.created_at from questions q where not d.own and q.deck_id = d.id
            and not exists (select 1 from review_cards c where c.question_id = q.id and ${ownerSql('c', owner)})
            order by q.position, q.created_at, q.id limit ${limit})) q
        order by d.created_at, d.id, q.position, q.created_at, q.id
        limit ${limit}`);
      return rows<{ id: string }>(r).map((x) => x.id);
    },

    /** Questions with their source, in the order of `ids`. */
    async questionsByIds(ids: string[]): Promise<QuestionWithSource[]> {
      if (ids.length === 0) return [];
      const found = (await db
        .select({
          question: questions,
          source: { id: sources.id, type: sources.type, title: sources.title },
        })
        .from(questions)
        .leftJoin(sources, eq(sources.id, questions.sourceId))
        .where(inArray(questions.id, ids))) as QuestionWithSource[];
      const byId = new Map(found.map((q) => [q.question.id, q]));
      return ids.map((id) => byId.get(id)).filter((q): q is QuestionWithSource => q !== undefined);
    },

    /** Every question of a deck: id, concepts and what tagging needs. */
    async deckQuestions(deckId: string) {
      return db
        .select({
          id: questions.id,
          concepts: questions.concepts,
          question: questions.question,
          chunkId: questions.chunkId,
          sourceId: questions.sourceId,
        })
        .from(questions)
        .where(eq(questions.deckId, deckId))
        .orderBy(...deckOrder);
    },

    async deckCards(owner: Owner, deckId: string): Promise<ReviewCardRow[]> {
      return db
        .select()
        .from(reviewCards)
        .where(and(ownedBy(reviewCards, owner), eq(reviewCards.deckId, deckId)));
    },

    /** The learner's day summaries from `from` (a learner date) on, oldest first. */
    async days(owner: Owner, from: string) {
      return db
        .select({
          date: reviewDays.day,
          reviews: reviewDays.reviews,
          again: reviewDays.again,
          mature: reviewDays.mature,
          matureAgain: reviewDays.matureAgain,
        })
        .from(reviewDays)
        .where(and(ownedBy(reviewDays, owner), gte(reviewDays.day, from)))
        .orderBy(asc(reviewDays.day));
    },

    /** Every learner day with at least one answer, oldest first (for streaks): one row a day. */
    async reviewDays(owner: Owner): Promise<string[]> {
      const found = await db
        .select({ day: reviewDays.day })
        .from(reviewDays)
        .where(and(ownedBy(reviewDays, owner), gt(reviewDays.reviews, 0)))
        .orderBy(asc(reviewDays.day));
      return found.map((x) => x.day);
    },

    /**
     * Cards falling due before the last of `dayEnds`, per learner day: `dayEnds[i]` is when day i
     * of the forecast ends (day 0, today, also takes everything overdue). The day of each card is
     * a binary search over the bounds, not a time-zone conversion per row. Only cards of decks the
     * learner still studies count: a member who left a class keeps the history of its cards (the
     * reviews per day and retention) but they never fall due again.
     */
    async forecast(owner: Owner, dayEnds: Date[]): Promise<number[]> {
      const bounds = sql.join(
        dayEnds.map((d) => sql`${d.toISOString()}::timestamptz`),
        sql`, `,
      );
      const r = await db.execute(sql`
        select width_bucket(c.due, array[${bounds}]) as i, count(*) as n
        from review_cards c
        where ${ownerSql('c', owner)} and c.due < ${dayEnds.at(-1)!.toISOString()}
          and c.deck_id in (select sd.id from ${studiedDecks(owner)} sd)
        group by 1`);
      const out = dayEnds.map(() => 0);
      for (const x of rows<{ i: unknown; n: unknown }>(r)) out[num(x.i)] = num(x.n);
      return out;
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
        where q.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      return rows<{
        id: string;
        chunk: string | null;
        source_title: string | null;
        key_points: string[] | null;
      }>(r);
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
