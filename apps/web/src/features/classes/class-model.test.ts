import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import type { CurriculumSpaceResponse } from '@mnemo/contracts/api/classes';
import {
  curriculumErrorMessage,
  curriculumStage,
  csvFileName,
  gridCsv,
  joinErrorMessage,
  masteryBand,
  sortStudents,
  validateJoin,
} from './class-model';

const student = (memberId: string, displayName: string, masteries: Record<string, number>) => ({
  memberId,
  displayName,
  concepts: Object.entries(masteries).map(([concept, mastery]) => ({ concept, mastery })),
});

describe('validateJoin', () => {
  it('reads a typed code as the server does and trims the name', () => {
    expect(validateJoin({ code: 'ab-cd o', displayName: 'Ada' })).toMatchObject({ ok: false });
    expect(validateJoin({ code: 'ab-cd 3', displayName: '  Ada ' })).toEqual({
      ok: true,
      value: { code: 'ABCD3', displayName: 'Ada' },
    });
  });

  it('refuses an empty code, an empty name, a name too long and markup, field by field', () => {
    const empty = validateJoin({ code: '', displayName: ' ' });
    expect(empty).toEqual({
      ok: false,
      errors: { code: 'Please enter the join code', displayName: 'Please enter a name' },
    });
    const long = validateJoin({ code: 'ABCDE', displayName: 'x'.repeat(41) });
    expect(long).toEqual({ ok: false, errors: { displayName: 'A name is at most 40 characters' } });
    expect(validateJoin({ code: 'ABCDE', displayName: '<b>Ada</b>' })).toMatchObject({
      ok: false,
      errors: { displayName: expect.stringContaining('cannot contain') },
    });
    expect(validateJoin({ code: 'ABC0E', displayName: 'Ada' })).toMatchObject({
      ok: false,
      errors: { code: expect.any(String) },
    });
  });
});

describe('joinErrorMessage', () => {
  const error = (code: string, status: number, message = 'server words') =>
    new ApiError({ status, code: code as never, message });

  it('names the code field for a wrong or revoked code, whatever the server wrote', () => {
    expect(joinErrorMessage(error('JOIN_CODE_INVALID', 404))).toEqual({
      field: 'code',
      message: 'No class has this code. Check it with your teacher.',
    });
  });

  it('says joining twice and joining your own class apart', () => {
    expect(joinErrorMessage(error('ALREADY_IN_CLASS', 409)).message).toMatch(/already a member/);
    expect(joinErrorMessage(error('TEACHER_CANNOT_JOIN', 409)).message).toMatch(/you teach it/);
  });

  it("keeps the rate limit's wait and falls back for anything else", () => {
    expect(joinErrorMessage(error('RATE_LIMITED', 429, 'Try again in 30 seconds.')).message).toBe(
      'Try again in 30 seconds.',
    );
    expect(joinErrorMessage(new Error('x')).message).toBe('Joining failed. Please try again.');
  });
});

describe('curriculumStage', () => {
  const answer = (
    status: CurriculumSpaceResponse['curriculum']['status'],
    decks: Array<[CurriculumSpaceResponse['decks'][number]['processingStatus'], number]> = [],
    error: string | null = null,
  ): CurriculumSpaceResponse => ({
    success: true,
    space: { _id: 's', title: 'Biology', description: '', decks: decks.map((_, i) => `d${i}`) },
    curriculum: { status, error, originalFilename: 'biology.docx' },
    decks: decks.map(([processingStatus, questionCount], i) => ({
      _id: `d${i}`,
      title: `Chapter ${i + 1}`,
      processingStatus,
      processingError: null,
      questionCount,
      generationError: null,
    })),
  });

  it('is splitting until the decks exist, and failed with the reason the server gave', () => {
    expect(curriculumStage(answer('splitting'))).toEqual({ stage: 'splitting' });
    expect(curriculumStage(answer('failed', [], 'This file is empty (0 bytes).'))).toEqual({
      stage: 'failed',
      error: 'This file is empty (0 bytes).',
    });
  });

  it('counts a unit ready once processed with questions, or failed; done when all are', () => {
    expect(
      curriculumStage(
        answer('ready', [
          ['completed', 10],
          ['completed', 0],
          ['processing', 0],
        ]),
      ),
    ).toEqual({
      stage: 'units',
      ready: 1,
      total: 3,
    });
    expect(
      curriculumStage(
        answer('ready', [
          ['completed', 10],
          ['failed', 0],
        ]),
      ),
    ).toEqual({ stage: 'done', total: 2 });
  });

  it("words a refusal in the server's words, and a server failure in ours", () => {
    const refused = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'This file is already used.',
    });
    expect(curriculumErrorMessage(refused)).toBe('This file is already used.');
    const broken = new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'internal' });
    expect(curriculumErrorMessage(broken)).toBe(
      'Your class space could not be made. Please try again.',
    );
  });
});

describe('grid', () => {
  const students = [
    student('m1', 'Zoe', { Cells: 0.9, Atoms: 0.2 }),
    student('m2', 'Ada', { Cells: 0.4, Atoms: 0.7 }),
    student('m3', 'Bob', { Cells: 0.4 }),
  ];

  it('sorts by name or by one concept, ties by name', () => {
    expect(sortStudents(students, { by: 'name' }, 'asc').map((s) => s.displayName)).toEqual([
      'Ada',
      'Bob',
      'Zoe',
    ]);
    expect(
      sortStudents(students, { by: 'concept', concept: 'Cells' }, 'asc').map((s) => s.displayName),
    ).toEqual(['Ada', 'Bob', 'Zoe']);
    expect(
      sortStudents(students, { by: 'concept', concept: 'Atoms' }, 'desc').map((s) => s.displayName),
    ).toEqual(['Ada', 'Zoe', 'Bob']);
  });

  it('colours below 50% as low', () => {
    expect([0.49, 0.5, 0.79, 0.8].map(masteryBand)).toEqual(['low', 'mid', 'mid', 'high']);
  });

  it('writes RFC 4180 CSV: CRLF, quoted commas and quotes, formulas defused, a missing concept as 0', () => {
    const csv = gridCsv(
      ['Cells, part 1', 'Atoms'],
      [
        student('m1', 'Ada "A" Lovelace', { 'Cells, part 1': 0.456, Atoms: 1 }),
        student('m2', '=cmd', { 'Cells, part 1': 0 }),
      ],
    );
    expect(csv).toBe(
      'Student,"Cells, part 1",Atoms\r\n"Ada ""A"" Lovelace",46,100\r\n\'=cmd,0,0\r\n',
    );
  });

  it('names the file after the space', () => {
    expect(csvFileName('Biology 101: Cells!')).toBe('Biology-101-Cells-mastery.csv');
    expect(csvFileName('***')).toBe('class-mastery.csv');
  });
});
