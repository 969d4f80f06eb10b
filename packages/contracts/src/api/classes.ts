import { z } from 'zod';
import { idSchema, successSchema } from '../common';
import { spaceSchema, spaceTitleSchema } from '../entities/space';
import { processingStatusSchema } from '../progress';
import { documentSourceInputSchema } from './sources';

/**
 * Classes (issue 23): a teacher makes one of their study spaces a class; students join it with a
 * 5-character code and a display name, then read and study its decks on their own schedule; the
 * teacher sees mastery per concept. All additions.
 */

/**
 * The characters of a join code: digits and capitals without the ones read as another (0 and O,
 * 1, I and L) and U (read as V): 30 characters, 30^5 ≈ 24 million codes.
 */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const JOIN_CODE_LENGTH = 5;
const JOIN_CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/** How a typed code is read: case and spaces or dashes between characters do not matter. */
export const normalizeJoinCode = (input: string): string => input.toUpperCase().replace(/[\s-]+/g, '');

/** A join code as a student types it; a code of other characters or length is refused as malformed. */
export const joinCodeSchema = z
  .string()
  .max(32, 'A join code is 5 characters')
  .transform(normalizeJoinCode)
  .pipe(z.string().regex(JOIN_CODE_PATTERN, 'A join code is 5 letters and digits, as your teacher shows it'));

export const DISPLAY_NAME_MAX = 40;
/**
 * The name a student is shown under to their teacher: the only thing asked of them (students may be
 * under 13). Plain text: markup characters and control characters are refused, not stripped, so
 * the name the student typed is the name the teacher sees.
 */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a name')
  .max(DISPLAY_NAME_MAX, `A name is at most ${DISPLAY_NAME_MAX} characters`)
  .refine((s) => !/[<>&"'`\\{}]/.test(s), 'A name cannot contain < > & " \' ` \\ { }')
  .refine((s) => !/\p{Cc}|\p{Cf}/u.test(s), 'A name cannot contain control characters');

export const classParamsSchema = z.object({ id: idSchema });
export const classMemberParamsSchema = z.object({ id: idSchema, memberId: idSchema });

/** A class as its teacher sees it. */
export const classSchema = z.object({
  _id: idSchema,
  spaceId: idSchema,
  joinCode: z.string(),
  joinEnabled: z.boolean(),
});
export type ClassInfo = z.infer<typeof classSchema>;

export const classMemberSchema = z.object({ _id: idSchema, displayName: z.string() });
export type ClassMember = z.infer<typeof classMemberSchema>;

/** A deck of a class, as its members list it. */
export const classDeckSchema = z.object({ _id: idSchema, title: z.string() });

// --- POST /classes ---
export const createClassBodySchema = z.object({ spaceId: idSchema });
export type CreateClassBody = z.input<typeof createClassBodySchema>;
/** The space's class: created (201), or the one it already is (200). */
export const classResponseSchema = successSchema.extend({ class: classSchema });
export type ClassResponse = z.infer<typeof classResponseSchema>;

// --- GET /classes ---
export const teachingClassSchema = classSchema.extend({ spaceTitle: z.string(), memberCount: z.number().int().min(0) });
/** A class the caller joined: never its code (the teacher hands it out). */
export const joinedClassSchema = z.object({
  _id: idSchema,
  spaceId: idSchema,
  spaceTitle: z.string(),
  member: classMemberSchema,
  decks: z.array(classDeckSchema),
});
export const listClassesResponseSchema = successSchema.extend({
  teaching: z.array(teachingClassSchema),
  joined: z.array(joinedClassSchema),
});
export type ListClassesResponse = z.infer<typeof listClassesResponseSchema>;

// --- POST /classes/join ---
export const joinClassBodySchema = z.object({ code: joinCodeSchema, displayName: displayNameSchema });
export type JoinClassBody = z.input<typeof joinClassBodySchema>;
export const joinClassResponseSchema = successSchema.extend({
  class: joinedClassSchema.omit({ member: true }),
  member: classMemberSchema,
});
export type JoinClassResponse = z.infer<typeof joinClassResponseSchema>;

// --- PUT /classes/:id ---
export const updateClassBodySchema = z.object({ joinEnabled: z.boolean() });
export type UpdateClassBody = z.input<typeof updateClassBodySchema>;

// --- POST /classes/:id/code/rotate ---
export const rotateCodeResponseSchema = successSchema.extend({ joinCode: z.string() });
export type RotateCodeResponse = z.infer<typeof rotateCodeResponseSchema>;

// --- DELETE /classes/:id/members/:memberId, DELETE /classes/:id/members/me ---
export const removeMemberResponseSchema = successSchema;

// --- GET /classes/:id/dashboard ---
/** Mastery is the mean recall probability of the concept's questions (0-1; never answered = 0). */
export const CLASS_MASTERY_LOW = 0.5;
/** How many concepts "What to teach again" names, and wrong answers each question lists. */
export const WEAKEST_CONCEPTS = 3;
export const COMMON_WRONG_ANSWERS = 3;

export const classDashboardResponseSchema = successSchema.extend({
  class: classSchema,
  students: z.array(
    z.object({
      memberId: idSchema,
      displayName: z.string(),
      concepts: z.array(z.object({ concept: z.string(), mastery: z.number().min(0).max(1) })),
    }),
  ),
  /** Per concept: the class average and the members below CLASS_MASTERY_LOW (their memberIds). */
  concepts: z.array(
    z.object({
      concept: z.string(),
      average: z.number().min(0).max(1),
      below50: z.array(idSchema),
      questionIds: z.array(idSchema),
    }),
  ),
  /** Per question of the class decks: answers by current members, the right share, common wrong answers. */
  questions: z.array(
    z.object({
      questionId: idSchema,
      deckId: idSchema,
      question: z.string(),
      answered: z.number().int().min(0),
      /** Null when nobody answered yet. */
      correctShare: z.number().min(0).max(1).nullable(),
      commonWrong: z.array(z.object({ answer: z.string(), count: z.number().int().min(1) })),
    }),
  ),
  /** The WEAKEST_CONCEPTS concepts with the lowest class average, weakest first. */
  weakest: z.array(z.string()),
});
export type ClassDashboardResponse = z.infer<typeof classDashboardResponseSchema>;

// --- POST /classes/curriculum, GET /classes/curriculum/:spaceId ---
/**
 * Curriculum to space: a signed-in teacher hands over a document already stored by
 * POST /upload/document (the `file` fields of its answer); Mnemo makes a space with one deck per
 * unit (`splitUnits` in `../curriculum`), each deck titled after its unit with that unit's text as
 * its source, and questions generated for each. `title` names the space; without it, the space is
 * named after the document. The decks exist only once the worker has read and split the document:
 * the call answers 202 with the space, and GET /classes/curriculum/:spaceId (or the progress stream
 * GET /ai/progress/:spaceId, the space's id in place of a source's) follows it (docs/adr/0007).
 */
export const curriculumSpaceBodySchema = documentSourceInputSchema
  .pick({ storageRef: true, originalFilename: true, contentType: true, sizeInBytes: true })
  .extend({ title: spaceTitleSchema.optional() });
export type CurriculumSpaceBody = z.input<typeof curriculumSpaceBodySchema>;
export const curriculumParamsSchema = z.object({ spaceId: idSchema });

/** Where the split stands: the document is being read and split, the decks exist, or it failed. */
export const CURRICULUM_STATUSES = ['splitting', 'ready', 'failed'] as const;
export const curriculumStatusSchema = z.enum(CURRICULUM_STATUSES);

/** A deck made from one unit, with how far its source and questions are. */
export const curriculumDeckSchema = classDeckSchema.extend({
  processingStatus: processingStatusSchema,
  processingError: z.string().nullable(),
  questionCount: z.number().int().min(0),
  /** Why no questions could be written for the unit (GENERATION_FAILURES' words); null otherwise. */
  generationError: z.string().nullable(),
});

/** The space made (202) and its decks, one per unit in the material's order (none while splitting). */
export const curriculumSpaceResponseSchema = successSchema.extend({
  space: spaceSchema,
  curriculum: z.object({
    status: curriculumStatusSchema,
    /** Why the split failed, in the teacher's words; null otherwise. */
    error: z.string().nullable(),
    originalFilename: z.string().nullable(),
  }),
  decks: z.array(curriculumDeckSchema),
});
export type CurriculumSpaceResponse = z.infer<typeof curriculumSpaceResponseSchema>;
