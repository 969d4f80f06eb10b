import {
  CLASS_MASTERY_LOW,
  WEAKEST_CONCEPTS,
  type ClassDashboardResponse,
  type ClassInfo,
  type ClassResponse,
  type JoinClassResponse,
  type ListClassesResponse,
  type RotateCodeResponse,
} from '@mnemo/contracts/api/classes';
import { REVIEW_SETTINGS_DEFAULTS } from '@mnemo/contracts/api/review';
import type { Owner } from '@mnemo/db/owner';
import { isOwner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { AttemptCounter } from '@mnemo/service-kit/attempts';
import type { ReviewService } from '../review/review.service';
import { masteryFromCards } from '../review/review.service';
import { createScheduler } from '../review/scheduler';
import type { ClassRow, ClassesRepository } from './classes.repository';
import { drawJoinCode } from './join-code';

/** Drawing a taken code again this many times in a row means the code space is nearly full. */
const CODE_DRAWS = 8;

export type JoinLimits = {
  /** Wrong codes one address may try per window before every join from it waits. */
  failuresPerAddress: number;
  /** Join attempts one code may take per window (a whole class joining at once fits). */
  attemptsPerCode: number;
  windowSeconds: number;
};

// Anything of a class the caller may not see is answered as if it did not exist.
const classNotFound = () => new AppError('NOT_FOUND', 'Class not found');

const presentClass = (row: ClassRow): ClassInfo => ({
  _id: row.id,
  spaceId: row.spaceId,
  joinCode: row.joinCode,
  joinEnabled: row.joinEnabled,
});

/**
 * Classes (issue 23). Who may do what, in one place here and in `@mnemo/db/deck-access`:
 * - the teacher is the owner of the class's space: makes the class, turns its code off and on,
 *   rotates it, sees the dashboard, removes members;
 * - a member (a user or a guest who joined with the code) reads and studies the space's decks
 *   (deck-access) and may leave; they see the class in GET /classes, never its code or others;
 * - anyone else gets 404 for every call about the class.
 */
export function createClassesService({
  classes,
  review,
  attempts,
  limits,
  now = () => new Date(),
  drawCode = () => drawJoinCode(),
}: {
  classes: ClassesRepository;
  review: Pick<ReviewService, 'tagUntagged'>;
  attempts: AttemptCounter;
  limits: JoinLimits;
  now?: () => Date;
  drawCode?: () => string;
}) {
  async function taught(owner: Owner, classId: string): Promise<ClassRow> {
    const row = await classes.taughtClass(owner, classId);
    if (!row) throw classNotFound();
    return row;
  }

  /** Tries fresh codes until one is free (24 million codes: a clash is rare, two in a row rarer). */
  async function withFreeCode<T>(attempt: (code: string) => Promise<T | 'code-taken'>): Promise<T> {
    for (let i = 0; i < CODE_DRAWS; i++) {
      const result = await attempt(drawCode());
      if (result !== 'code-taken') return result;
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'No free join code was found; please try again');
  }

  const rateLimited = (retryAfterSeconds: number) =>
    new AppError('RATE_LIMITED', `Too many attempts to join a class. Please try again in ${Math.max(1, retryAfterSeconds)} seconds.`, {
      details: { retryAfterSeconds },
    });

  return {
    /** POST /classes: makes the teacher's space a class, or answers the class it already is. */
    async create(owner: Owner, spaceId: string): Promise<{ created: boolean; body: ClassResponse }> {
      if (!(await classes.ownedSpace(owner, spaceId))) throw new AppError('NOT_FOUND', 'Space not found');
      const existing = await classes.classOfSpace(spaceId);
      if (existing) return { created: false, body: { success: true, class: presentClass(existing) } };
      const row = await withFreeCode((code) => classes.insertClass(spaceId, code));
      // Null: the space became a class between the two reads (a double click): that class.
      const klass = row ?? (await classes.classOfSpace(spaceId))!;
      return { created: row !== null, body: { success: true, class: presentClass(klass) } };
    },

    /** GET /classes: what the caller teaches and what they joined. */
    async list(owner: Owner): Promise<ListClassesResponse> {
      const [teaching, memberships] = await Promise.all([classes.teaching(owner), classes.memberships(owner)]);
      const decks = await classes.decksOfSpaces(memberships.map((m) => m.class.spaceId));
      return {
        success: true,
        teaching: teaching.map((t) => ({ ...presentClass(t.class), spaceTitle: t.spaceTitle, memberCount: Number(t.memberCount) })),
        joined: memberships.map((m) => ({
          _id: m.class.id,
          spaceId: m.class.spaceId,
          spaceTitle: m.spaceTitle,
          member: { _id: m.member.id, displayName: m.member.displayName },
          decks: decks.filter((d) => d.spaceId === m.class.spaceId).map((d) => ({ _id: d.id, title: d.title })),
        })),
      };
    },

    /**
     * POST /classes/join. Rate-limited per address (wrong codes) and per code (every attempt)
     * before anything is read; an unknown, rotated or turned-off code is one answer.
     */
    async join(owner: Owner, input: { code: string; displayName: string; address: string }): Promise<JoinClassResponse> {
      const addressKey = `class-join:address:${input.address}`;
      const codeKey = `class-join:code:${input.code}`;
      const [byAddress, byCode] = await Promise.all([attempts.count(addressKey), attempts.count(codeKey)]);
      if (byAddress.count >= limits.failuresPerAddress) throw rateLimited(byAddress.retryAfterSeconds);
      if (byCode.count >= limits.attemptsPerCode) throw rateLimited(byCode.retryAfterSeconds);
      await attempts.hit(codeKey, limits.windowSeconds);

      const found = await classes.classByCode(input.code);
      if (!found) {
        await attempts.hit(addressKey, limits.windowSeconds);
        throw new AppError('JOIN_CODE_INVALID', 'No class has this code. Check it with your teacher.');
      }
      if (isOwner(found.space, owner)) throw new AppError('TEACHER_CANNOT_JOIN', 'This is your own class: you teach it.');
      const member = await classes.addMember(owner, found.class.id, input.displayName);
      if (!member) throw new AppError('ALREADY_IN_CLASS', 'You are already a member of this class.');
      const decks = await classes.decksOfSpaces([found.class.spaceId]);
      return {
        success: true,
        class: {
          _id: found.class.id,
          spaceId: found.class.spaceId,
          spaceTitle: found.space.title,
          decks: decks.map((d) => ({ _id: d.id, title: d.title })),
        },
        member: { _id: member.id, displayName: member.displayName },
      };
    },

    /** PUT /classes/:id: the teacher turns the code off or on. */
    async update(owner: Owner, classId: string, body: { joinEnabled: boolean }): Promise<ClassResponse> {
      await taught(owner, classId);
      return { success: true, class: presentClass(await classes.setJoinEnabled(classId, body.joinEnabled)) };
    },

    /** POST /classes/:id/code/rotate: a new code; the old one stops working at once. */
    async rotate(owner: Owner, classId: string): Promise<RotateCodeResponse> {
      const current = await taught(owner, classId);
      const row = await withFreeCode((code) => (code === current.joinCode ? Promise.resolve('code-taken' as const) : classes.setJoinCode(classId, code)));
      return { success: true, joinCode: row.joinCode };
    },

    /** DELETE /classes/:id/members/:memberId: the teacher removes a student. */
    async removeMember(owner: Owner, classId: string, memberId: string): Promise<{ success: true }> {
      await taught(owner, classId);
      if (!(await classes.removeMember(classId, memberId))) throw new AppError('NOT_FOUND', 'Member not found');
      return { success: true };
    },

    /** DELETE /classes/:id/members/me: a member leaves. Their own review history stays theirs. */
    async leave(owner: Owner, classId: string): Promise<{ success: true }> {
      const member = await classes.membership(owner, classId);
      if (!member) throw classNotFound();
      await classes.removeMember(classId, member.id);
      return { success: true };
    },

    /**
     * GET /classes/:id/dashboard: members × concepts mastery (the review module's mastery, computed
     * for every member from one read of all their cards), per concept the average and who is below
     * half, per question the answers, and the weakest concepts.
     */
    async dashboard(owner: Owner, classId: string): Promise<ClassDashboardResponse> {
      const klass = await taught(owner, classId);
      // Questions without concepts get them from their passage first (the review module's rule),
      // only in the decks that have such questions: asking every deck read each one's questions
      // again on every call, five queries for nothing once all are tagged (bench/class-dashboard.ts).
      const taggedQuestions = async () => {
        const read = await classes.spaceQuestions(klass.spaceId);
        const untagged = [...new Set(read.filter((q) => q.concepts.length === 0).map((q) => q.deckId))];
        if (untagged.length === 0) return read;
        for (const deckId of untagged) await review.tagUntagged(deckId);
        return classes.spaceQuestions(klass.spaceId);
      };
      const [members, qs, cards, retention, stats] = await Promise.all([
        classes.members(classId),
        taggedQuestions(),
        classes.memberCards(classId, klass.spaceId),
        classes.memberRetention(classId),
        classes.answerStats(classId, klass.spaceId),
      ]);
      const at = now();
      const cardsOf = new Map(cards.map((c) => [c.memberId, c.cards]));
      const retentionOf = new Map(retention.map((r) => [r.memberId, r.desiredRetention]));
      const schedulers = new Map<number, ReturnType<typeof createScheduler>>();
      const schedulerFor = (r: number) => schedulers.get(r) ?? schedulers.set(r, createScheduler(r)).get(r)!;

      const students = members.map((m) => {
        const mastery = masteryFromCards(
          qs,
          cardsOf.get(m.id) ?? [],
          schedulerFor(retentionOf.get(m.id) ?? REVIEW_SETTINGS_DEFAULTS.desiredRetention),
          at,
        );
        return {
          memberId: m.id,
          displayName: m.displayName,
          concepts: mastery.concepts
            .map((c) => ({ concept: c.concept, mastery: c.mastery }))
            .sort((a, b) => a.concept.localeCompare(b.concept)),
          masteryOf: new Map(mastery.concepts.map((c) => [c.concept, c.mastery])),
        };
      });

      // Every concept of the space's questions (the same grouping, without cards), alphabetical.
      const conceptQuestions = masteryFromCards(qs, [], schedulerFor(REVIEW_SETTINGS_DEFAULTS.desiredRetention), at).concepts;
      const concepts = conceptQuestions
        .map((c) => {
          const scores = students.map((s) => ({ memberId: s.memberId, mastery: s.masteryOf.get(c.concept) ?? 0 }));
          return {
            concept: c.concept,
            average: scores.length ? scores.reduce((n, s) => n + s.mastery, 0) / scores.length : 0,
            below50: scores.filter((s) => s.mastery < CLASS_MASTERY_LOW).map((s) => s.memberId),
            questionIds: c.questionIds,
          };
        })
        .sort((a, b) => a.concept.localeCompare(b.concept));

      const statsOf = new Map(stats.map((s) => [s.questionId, s]));
      const questions = qs.map((q) => {
        const s = statsOf.get(q.id);
        return {
          questionId: q.id,
          deckId: q.deckId,
          question: q.question,
          answered: s?.answered ?? 0,
          correctShare: s && s.answered > 0 ? s.right / s.answered : null,
          commonWrong: (s?.wrong ?? []).map((w) => ({
            // A chosen option is shown as its text; an index the question no longer has, as given.
            answer: w.isOption ? (q.options[Number(w.answer)] ?? w.answer) : w.answer,
            count: w.count,
          })),
        };
      });

      const weakest = members.length
        ? [...concepts].sort((a, b) => a.average - b.average || a.concept.localeCompare(b.concept)).slice(0, WEAKEST_CONCEPTS).map((c) => c.concept)
        : [];
      return {
        success: true,
        class: presentClass(klass),
        students: students.map((s) => ({ memberId: s.memberId, displayName: s.displayName, concepts: s.concepts })),
        concepts,
        questions,
        weakest,
      };
    },
  };
}
export type ClassesService = ReturnType<typeof createClassesService>;
