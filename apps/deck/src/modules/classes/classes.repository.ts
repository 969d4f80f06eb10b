import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { COMMON_WRONG_ANSWERS } from '@mnemo/contracts/api/classes';
import type { Db } from '@mnemo/db/client';
import {
  classes,
  classMembers,
  decks,
  questions,
  reviewSettings,
  studySpaces,
  type ClassMemberRow,
  type ClassRow,
} from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';
import type { MasteryCard } from '../review/review.service';
import { deckOrder } from '../questions/questions.repository';

export type { ClassMemberRow, ClassRow };

/** Postgres' unique_violation, and the index that raised it. */
const uniqueViolation = (err: unknown): string | null => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pg = e as { code?: string; constraint?: string };
  return pg?.code === '23505' ? (pg.constraint ?? '') : null;
};

export function createClassesRepository({ db }: { db: Db }) {
  return {
    /** The caller's space, or null (someone else's, or missing). */
    async ownedSpace(owner: Owner, spaceId: string) {
      const [row] = await db
        .select({ id: studySpaces.id, title: studySpaces.title })
        .from(studySpaces)
        .where(and(eq(studySpaces.id, spaceId), ownedBy(studySpaces, owner)));
      return row ?? null;
    },

    async classOfSpace(spaceId: string): Promise<ClassRow | null> {
      const [row] = await db.select().from(classes).where(eq(classes.spaceId, spaceId));
      return row ?? null;
    },

    /**
     * Makes the space a class with this code. 'code-taken' when another class holds the code (the
     * caller draws again); null when the space became a class meanwhile.
     */
    async insertClass(spaceId: string, joinCode: string): Promise<ClassRow | 'code-taken' | null> {
      try {
        const [row] = await db.insert(classes).values({ spaceId, joinCode }).onConflictDoNothing({ target: classes.spaceId }).returning();
        return row ?? null;
      } catch (err) {
        if (uniqueViolation(err) === 'classes_join_code_uq') return 'code-taken';
        throw err;
      }
    },

    /** The class if the caller teaches it (owns its space), else null. */
    async taughtClass(owner: Owner, classId: string): Promise<ClassRow | null> {
      const [row] = await db
        .select({ class: classes })
        .from(classes)
        .innerJoin(studySpaces, eq(studySpaces.id, classes.spaceId))
        .where(and(eq(classes.id, classId), ownedBy(studySpaces, owner)));
      return row?.class ?? null;
    },

    /** The class a code opens: one whose code it is and is turned on. */
    async classByCode(joinCode: string) {
      const [row] = await db
        .select({ class: classes, space: { title: studySpaces.title, ownerUserId: studySpaces.ownerUserId, ownerAnonId: studySpaces.ownerAnonId } })
        .from(classes)
        .innerJoin(studySpaces, eq(studySpaces.id, classes.spaceId))
        .where(and(eq(classes.joinCode, joinCode), eq(classes.joinEnabled, true)));
      return row ?? null;
    },

    async setJoinEnabled(classId: string, joinEnabled: boolean): Promise<ClassRow> {
      const [row] = await db.update(classes).set({ joinEnabled }).where(eq(classes.id, classId)).returning();
      return row!;
    },

    /** A new code for the class; 'code-taken' when another class holds it. */
    async setJoinCode(classId: string, joinCode: string): Promise<ClassRow | 'code-taken'> {
      try {
        const [row] = await db.update(classes).set({ joinCode }).where(eq(classes.id, classId)).returning();
        return row!;
      } catch (err) {
        if (uniqueViolation(err) === 'classes_join_code_uq') return 'code-taken';
        throw err;
      }
    },

    /** Classes taught by the caller, with their space's title and member count, oldest first. */
    async teaching(owner: Owner) {
      return db
        .select({ class: classes, spaceTitle: studySpaces.title, memberCount: count(classMembers.id) })
        .from(classes)
        .innerJoin(studySpaces, eq(studySpaces.id, classes.spaceId))
        .leftJoin(classMembers, eq(classMembers.classId, classes.id))
        .where(ownedBy(studySpaces, owner))
        .groupBy(classes.id, studySpaces.title)
        .orderBy(asc(classes.createdAt), asc(classes.id));
    },

    /** The caller's memberships, with their class and space title, oldest first. */
    async memberships(owner: Owner) {
      return db
        .select({ member: classMembers, class: classes, spaceTitle: studySpaces.title })
        .from(classMembers)
        .innerJoin(classes, eq(classes.id, classMembers.classId))
        .innerJoin(studySpaces, eq(studySpaces.id, classes.spaceId))
        .where(ownedBy(classMembers, owner))
        .orderBy(asc(classMembers.createdAt), asc(classMembers.id));
    },

    /** The decks of these spaces, oldest first (decks made together, as a curriculum's units: by title). */
    async decksOfSpaces(spaceIds: string[]) {
      if (spaceIds.length === 0) return [];
      return db
        .select({ id: decks.id, title: decks.title, spaceId: decks.studySpaceId })
        .from(decks)
        .where(inArray(decks.studySpaceId, spaceIds))
        .orderBy(asc(decks.createdAt), asc(decks.title), asc(decks.id));
    },

    async membership(owner: Owner, classId: string): Promise<ClassMemberRow | null> {
      const [row] = await db.select().from(classMembers).where(and(eq(classMembers.classId, classId), ownedBy(classMembers, owner)));
      return row ?? null;
    },

    /** Adds the caller to the class; null when they are a member already (even by a join at the same moment). */
    async addMember(owner: Owner, classId: string, displayName: string): Promise<ClassMemberRow | null> {
      const [row] = await db
        .insert(classMembers)
        .values({ classId, ...ownerValues(owner), displayName })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Removes a member of the class; false when there is no such member in it. */
    async removeMember(classId: string, memberId: string): Promise<boolean> {
      const rows = await db
        .delete(classMembers)
        .where(and(eq(classMembers.classId, classId), eq(classMembers.id, memberId)))
        .returning({ id: classMembers.id });
      return rows.length > 0;
    },

    // --- The dashboard: a fixed number of set-based queries, whatever the class's size ---

    async members(classId: string) {
      return db
        .select({ id: classMembers.id, displayName: classMembers.displayName, ownerUserId: classMembers.ownerUserId, ownerAnonId: classMembers.ownerAnonId })
        .from(classMembers)
        .where(eq(classMembers.classId, classId))
        .orderBy(asc(classMembers.displayName), asc(classMembers.id));
    },

    /** Every question of the space's decks, in deck then question order. */
    async spaceQuestions(spaceId: string) {
      return db
        .select({
          id: questions.id,
          deckId: questions.deckId,
          question: questions.question,
          options: questions.options,
          concepts: questions.concepts,
        })
        .from(questions)
        .innerJoin(decks, eq(decks.id, questions.deckId))
        .where(eq(decks.studySpaceId, spaceId))
        .orderBy(asc(decks.createdAt), asc(decks.title), asc(decks.id), ...deckOrder);
    },

    /**
     * The review cards of the class's members on the space's decks, by member: what mastery reads
     * of each (MasteryCard). One JSON array a member, because the cost is the values, not the
     * query: at 200 members × 80 questions, 16,000 rows of separate columns took ~70% of the
     * dashboard's time in node-postgres' parsing (a Date a timestamp) and PGlite's relay, and the
     * same cards as one JSON value a member about a quarter of that (bench/class-dashboard.ts,
     * BENCH_PARTS=1). Times travel as epoch milliseconds (truncated to the millisecond, as a JS Date
     * holds them); floats as Postgres prints them, the shortest text that reads back exactly.
     */
    async memberCards(classId: string, spaceId: string): Promise<Array<{ memberId: string; cards: MasteryCard[] }>> {
      const ms = (column: unknown) => sql`date_part('epoch', date_trunc('milliseconds', ${column})) * 1000`;
      const r = await db.execute(sql`
        select m.id as member_id,
          json_agg(json_build_array(c.question_id, c.state, c.stability, ${ms(sql`c.last_review`)}, ${ms(sql`c.due`)})) as cards
        from review_cards c
        join decks d on d.id = c.deck_id
        join class_members m on m.class_id = ${classId}
          and (m.owner_user_id = c.owner_user_id or m.owner_anon_id = c.owner_anon_id)
        where d.study_space_id = ${spaceId}
        group by m.id`);
      return (r.rows as Array<{ member_id: string; cards: Array<[string, MasteryCard['state'], number, number | null, number]> }>).map((row) => ({
        memberId: row.member_id,
        cards: row.cards.map(([questionId, state, stability, lastReview, due]) => ({
          questionId,
          state,
          stability,
          // Rounded: the product of the epoch's float and 1000 is within a hair of a whole millisecond.
          lastReview: lastReview === null ? null : new Date(Math.round(lastReview)),
          due: new Date(Math.round(due)),
        })),
      }));
    },

    /** The desired retention of the members who set one (the others use the default). */
    async memberRetention(classId: string): Promise<Array<{ memberId: string; desiredRetention: number }>> {
      return db
        .select({ memberId: classMembers.id, desiredRetention: reviewSettings.desiredRetention })
        .from(reviewSettings)
        .innerJoin(
          classMembers,
          and(
            eq(classMembers.classId, classId),
            sql`(${classMembers.ownerUserId} = ${reviewSettings.ownerUserId} or ${classMembers.ownerAnonId} = ${reviewSettings.ownerAnonId})`,
          ),
        );
    },

    /**
     * Per question of the space: how many answers the class's members gave, how many were right,
     * and the most common wrong answers (free text compared trimmed and lower-cased). Right is the
     * log's `correct`, `isCorrectAnswer` of contracts decided when the answer was written, where
     * this read used to take it out of each row's evaluation JSON. The answers are grouped once by
     * question, verdict and answer, so the JSON functions run per distinct answer, not per row
     * (bench/class-dashboard.ts: together about a fifth of this read's time).
     */
    async answerStats(classId: string, spaceId: string) {
      const r = await db.execute(sql`
        with grouped as (
          select l.question_id, l.correct, l.response, count(*) as n
          from review_logs l
          join decks d on d.id = l.deck_id
          join class_members m on m.class_id = ${classId}
            and (m.owner_user_id = l.owner_user_id or m.owner_anon_id = l.owner_anon_id)
          where d.study_space_id = ${spaceId} and l.kind = 'review'
          group by 1, 2, 3
        ),
        totals as (
          select question_id, sum(n) as answered, coalesce(sum(n) filter (where correct), 0) as right_count
          from grouped group by question_id
        ),
        wrong as (
          select question_id,
            case when jsonb_typeof(response) = 'number' then response #>> '{}' else lower(btrim(response #>> '{}')) end as answer,
            jsonb_typeof(response) = 'number' as is_option,
            sum(n) as n
          from grouped where not correct and response is not null
          group by 1, 2, 3
        ),
        ranked as (
          select *, row_number() over (partition by question_id order by n desc, answer) as rank from wrong
        )
        select t.question_id, t.answered, t.right_count,
          coalesce(json_agg(json_build_object('answer', r.answer, 'isOption', r.is_option, 'count', r.n) order by r.rank)
            filter (where r.rank is not null), '[]') as wrong
        from totals t
        left join ranked r on r.question_id = t.question_id and r.rank <= ${COMMON_WRONG_ANSWERS}
        group by t.question_id, t.answered, t.right_count`);
      return (r.rows as Array<{ question_id: string; answered: unknown; right_count: unknown; wrong: Array<{ answer: string; isOption: boolean; count: unknown }> }>).map(
        (x) => ({
          questionId: x.question_id,
          answered: Number(x.answered),
          right: Number(x.right_count),
          wrong: x.wrong.map((w) => ({ answer: w.answer, isOption: w.isOption, count: Number(w.count) })),
        }),
      );
    },
  };
}
export type ClassesRepository = ReturnType<typeof createClassesRepository>;
