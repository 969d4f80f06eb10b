import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { CURRICULUM_STATUSES } from '@mnemo/contracts/api/classes';
import { createdAt, updatedAt } from './columns';
import { studySpaces } from './decks';
import { exactlyOneOwner, ownerColumns } from './owner';

/**
 * Classes (issue 23), owned by the deck service's classes module. A class is a study space its
 * owner (the teacher) shares with a join code; the teacher is the space's owner, never stored
 * twice. Members read and study the space's decks (`@mnemo/db/deck-access`).
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => studySpaces.id, { onDelete: 'cascade' }),
    /**
     * Five characters of JOIN_CODE_ALPHABET. Unique over every class, on or off: a code turned off
     * and on again never collides with one handed out meanwhile, and rotation leaves no live twin.
     */
    joinCode: varchar('join_code', { length: 5 }).notNull(),
    joinEnabled: boolean('join_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('classes_space_uq').on(t.spaceId), uniqueIndex('classes_join_code_uq').on(t.joinCode)],
);

/**
 * A member of a class: a signed-in user or a guest session (the owner columns, so a guest's
 * membership moves to their account on sign-up with everything else they own), with the display
 * name they chose; nothing else about a student is kept.
 */
export const classMembers = pgTable(
  'class_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    ...ownerColumns(),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('class_members_one_owner', exactlyOneOwner(t)),
    // One membership per person and class; NULL owners never collide, so each covers one kind.
    uniqueIndex('class_members_class_user_uq').on(t.classId, t.ownerUserId),
    uniqueIndex('class_members_class_anon_uq').on(t.classId, t.ownerAnonId),
    // "The classes I joined", and the deck-access membership test.
    index('class_members_user_idx').on(t.ownerUserId),
    index('class_members_anon_idx').on(t.ownerAnonId),
  ],
);

export type ClassRow = typeof classes.$inferSelect;
export type ClassMemberRow = typeof classMembers.$inferSelect;

/**
 * Curriculum to space (issue 23; docs/adr/0007): a teacher's uploaded course material on its way
 * to one deck per unit of a new space. The space exists from the request; its decks are made by the
 * worker's split-curriculum job, which moves `status` from splitting to ready (or failed, with the
 * reason the teacher reads). One per space; a file feeds one curriculum.
 */
export const curriculumImports = pgTable(
  'curriculum_imports',
  {
    spaceId: uuid('space_id')
      .primaryKey()
      .references(() => studySpaces.id, { onDelete: 'cascade' }),
    storageRef: text('storage_ref').notNull(),
    originalFilename: text('original_filename'),
    contentType: text('content_type').notNull(),
    status: varchar('status', { length: 16, enum: CURRICULUM_STATUSES }).notNull().default('splitting'),
    error: text('error'),
    /** Decks made (one per unit); 0 until ready. */
    units: integer('units').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('curriculum_imports_storage_ref_uq').on(t.storageRef)],
);
export type CurriculumImportRow = typeof curriculumImports.$inferSelect;
