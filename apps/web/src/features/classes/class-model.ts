import {
  CLASS_MASTERY_LOW,
  displayNameSchema,
  joinCodeSchema,
  type ClassDashboardResponse,
  type CurriculumSpaceResponse,
} from '@mnemo/contracts/api/classes';
import { isApiError } from '../../lib/api';

/** The words of the class pages (issue 23). */
export const CLASS_MESSAGES = {
  wrongCode: 'No class has this code. Check it with your teacher.',
  alreadyJoined: 'You are already a member of this class.',
  ownClass: 'This is your own class: you teach it, so you cannot join it as a student.',
  joinFailed: 'Joining failed. Please try again.',
  loadFailed: 'Failed to load your classes. Please try again.',
  dashboardFailed: 'Failed to load the class dashboard. Please try again.',
  notAClass: 'This space is not a class yet.',
  actionFailed: 'That did not work. Please try again.',
  curriculumFailed: 'Your class space could not be made. Please try again.',
  curriculumLoadFailed: 'Failed to load the class space. Please try again.',
  noFile: 'Please choose a file of your course material',
} as const;

/** How far a curriculum is: reading and splitting, making each unit's questions, done, or failed. */
export type CurriculumStage =
  | { stage: 'splitting' }
  | { stage: 'failed'; error: string }
  | { stage: 'units'; ready: number; total: number }
  | { stage: 'done'; total: number };

/**
 * A unit deck is finished when its source failed, its questions could not be written, or it was
 * processed and has questions (the generation is queued with the split and writes them after the
 * processing).
 */
export function curriculumStage(answer: CurriculumSpaceResponse): CurriculumStage {
  const { curriculum, decks } = answer;
  if (curriculum.status === 'failed')
    return { stage: 'failed', error: curriculum.error ?? CLASS_MESSAGES.curriculumFailed };
  if (curriculum.status === 'splitting') return { stage: 'splitting' };
  const ready = decks.filter(
    (d) =>
      d.processingStatus === 'failed' ||
      d.generationError !== null ||
      (d.processingStatus === 'completed' && d.questionCount > 0),
  ).length;
  return ready === decks.length
    ? { stage: 'done', total: decks.length }
    : { stage: 'units', ready, total: decks.length };
}

/** What a refused curriculum request tells the teacher: the server's words are written for them. */
export function curriculumErrorMessage(error: unknown): string {
  if (!isApiError(error)) return CLASS_MESSAGES.curriculumFailed;
  return error.status < 500 && error.message ? error.message : CLASS_MESSAGES.curriculumFailed;
}

export interface JoinFields {
  code: string;
  displayName: string;
}
export type JoinFieldErrors = Partial<Record<keyof JoinFields, string>>;

/**
 * Checks the join form with the contract's own schemas, so the page refuses what the server would
 * (empty, too long or markup names; codes of other characters) before any call, in the same words.
 */
export function validateJoin(
  fields: JoinFields,
): { ok: true; value: JoinFields } | { ok: false; errors: JoinFieldErrors } {
  const errors: JoinFieldErrors = {};
  const code = joinCodeSchema.safeParse(fields.code);
  if (!code.success) {
    errors.code =
      fields.code.trim() === ''
        ? 'Please enter the join code'
        : (code.error.issues[0]?.message ?? 'Invalid code');
  }
  const name = displayNameSchema.safeParse(fields.displayName);
  if (!name.success) errors.displayName = name.error.issues[0]?.message ?? 'Invalid name';
  if (!code.success || !name.success) return { ok: false, errors };
  return { ok: true, value: { code: code.data, displayName: name.data } };
}

/** What a refused join tells the student, read from the server's stable code, never its wording. */
export function joinErrorMessage(error: unknown): {
  field: keyof JoinFields | null;
  message: string;
} {
  if (!isApiError(error)) return { field: null, message: CLASS_MESSAGES.joinFailed };
  switch (error.code) {
    case 'JOIN_CODE_INVALID':
      return { field: 'code', message: CLASS_MESSAGES.wrongCode };
    case 'ALREADY_IN_CLASS':
      return { field: null, message: CLASS_MESSAGES.alreadyJoined };
    case 'TEACHER_CANNOT_JOIN':
      return { field: null, message: CLASS_MESSAGES.ownClass };
    case 'RATE_LIMITED':
    case 'VALIDATION_FAILED':
      // Both messages are written for the person (the wait, or the field's rule).
      return { field: null, message: error.message || CLASS_MESSAGES.joinFailed };
    default:
      return { field: null, message: CLASS_MESSAGES.joinFailed };
  }
}

/** Mastery as a whole percentage, the way the grid and the CSV show it. */
export const percent = (share: number): number => Math.round(share * 100);

/** The colour band of a mastery cell: below CLASS_MASTERY_LOW is 'low'. */
export function masteryBand(mastery: number): 'low' | 'mid' | 'high' {
  if (mastery < CLASS_MASTERY_LOW) return 'low';
  return mastery < 0.8 ? 'mid' : 'high';
}

type Student = ClassDashboardResponse['students'][number];

/** How the grid is sorted: by name, or by one concept's mastery (weakest first by default). */
export type GridSort = { by: 'name' } | { by: 'concept'; concept: string };
export type SortDirection = 'asc' | 'desc';

export function masteryOf(student: Student, concept: string): number {
  return student.concepts.find((c) => c.concept === concept)?.mastery ?? 0;
}

export function sortStudents(
  students: readonly Student[],
  sort: GridSort,
  direction: SortDirection,
): Student[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...students].sort((a, b) => {
    const byName = a.displayName.localeCompare(b.displayName);
    if (sort.by === 'name') return sign * byName;
    const diff = masteryOf(a, sort.concept) - masteryOf(b, sort.concept);
    return diff !== 0 ? sign * diff : byName;
  });
}

/** One CSV field by RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The students × concepts grid as CSV (RFC 4180: CRLF line ends, quoted fields where needed), in
 * the rows' current order; mastery as a percentage. A field a spreadsheet would run as a formula
 * (starting with = + - @) is prefixed with an apostrophe, as OWASP advises for CSV exports.
 */
export function gridCsv(concepts: readonly string[], students: readonly Student[]): string {
  const safe = (value: string) => csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
  const rows = [
    ['Student', ...concepts].map(safe),
    ...students.map((s) => [
      safe(s.displayName),
      ...concepts.map((c) => String(percent(masteryOf(s, c)))),
    ]),
  ];
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}

/** A file name for the export: the space's title, kept to letters, digits and dashes. */
export function csvFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'class'}-mastery.csv`;
}
