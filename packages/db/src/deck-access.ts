import { eq, or, sql, type SQL } from 'drizzle-orm';
import { isOwner, ownedBy, type Owner } from './owner';
import { classes, classMembers, decks } from './schema/index';

/**
 * Who may do what with a deck (spec 02 §6), in one place for every service that reads decks: the
 * deck service's repositories (decks, questions, cards, sources, clone, review) and the chat
 * service. The rules were written six times; new ways to see a deck are added here once.
 *
 * - view: study it, read its questions, cards and sources, chat about it: its owner, a member of
 *   the class its space is (issue 23), or anyone when it is published;
 * - study on one's own schedule (issue 20's review log and cards): its owner or a class member;
 * - edit: change it, its sources and questions, publish it, save chats: its owner only.
 * A caller who may not view a deck is answered as if it did not exist (404).
 */

/**
 * SQL boolean: the caller is a member of the class made of the space in `spaceId` (by default the
 * deck's own space, `decks.study_space_id`; raw queries that alias `decks` pass their column).
 */
export function classMemberOf(owner: Owner, spaceId: SQL = sql.raw('"decks"."study_space_id"')): SQL<boolean> {
  // Spelled out with aliases: drizzle leaves column names unqualified in a select list, where
  // `owner_user_id` would be ambiguous between the deck and the membership.
  const who = owner.userId ? sql`cm.owner_user_id = ${owner.userId}` : sql`cm.owner_anon_id = ${owner.anonId!}`;
  return sql<boolean>`exists (select 1 from ${classMembers} cm join ${classes} cl on cl.id = cm.class_id
    where cl.space_id = ${spaceId} and ${who})`;
}

/** WHERE condition on `decks`: the caller may view the deck. */
export function canView(owner: Owner): SQL {
  // `or` of defined conditions is always defined.
  return or(ownedBy(decks, owner), eq(decks.isPublished, true), classMemberOf(owner))!;
}

/** WHERE condition on `decks`: the caller's answers to the deck's questions are scheduled for them. */
export function canStudy(owner: Owner): SQL {
  return or(ownedBy(decks, owner), classMemberOf(owner))!;
}

/**
 * SQL subquery of rows `(id, created_at, own)`: the decks whose questions the learner studies on
 * their own schedule, `canStudy` as a set for the review queue. `own` marks the learner's own decks,
 * where `questions.studied` is the learner's flag (the partial index `questions_new_idx` finds their
 * new questions); in a class's deck (own false) a question is new for the learner while they have
 * no review card for it. `deckId` narrows the set to one deck.
 */
export function studiedDecks(owner: Owner, deckId?: string): SQL {
  const is = (alias: string) =>
    owner.userId ? sql`${sql.raw(alias)}.owner_user_id = ${owner.userId}` : sql`${sql.raw(alias)}.owner_anon_id = ${owner.anonId!}`;
  // `is distinct from`: a deck's other owner column is null, and `not (null = x)` is null, not true.
  const notOwnDeck = owner.userId ? sql`d.owner_user_id is distinct from ${owner.userId}` : sql`d.owner_anon_id is distinct from ${owner.anonId!}`;
  const one = deckId ? sql` and d.id = ${deckId}` : sql``;
  return sql`(select d.id, d.created_at, true as own from ${decks} d where ${is('d')}${one}
    union all
    select d.id, d.created_at, false as own from ${classMembers} cm join ${classes} cl on cl.id = cm.class_id
      join ${decks} d on d.study_space_id = cl.space_id
    where ${is('cm')} and ${notOwnDeck}${one})`;
}

/** WHERE condition on `decks`: the caller may edit the deck. */
export function canEdit(owner: Owner): SQL {
  return ownedBy(decks, owner);
}

export { ownedBy };

export type DeckRights = { isOwner: boolean; canView: boolean; canEdit: boolean };

/**
 * The same rules for a deck row already read (its owner columns and published flag), with
 * `classMember` selected as `classMemberOf(owner)` by readers that let class members in.
 */
export function deckRights(
  row: { ownerUserId: string | null; ownerAnonId: string | null; isPublished: boolean; classMember?: boolean },
  owner: Owner,
): DeckRights {
  const own = isOwner(row, owner);
  return { isOwner: own, canView: own || row.isPublished || row.classMember === true, canEdit: own };
}
