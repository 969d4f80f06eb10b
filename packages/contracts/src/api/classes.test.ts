import { describe, expect, it } from 'vitest';
import { curriculumSpaceBodySchema, curriculumSpaceResponseSchema } from './classes';
import { uploadDocumentResponseSchema } from './upload';

describe('POST /classes/curriculum contract', () => {
  const uploaded = uploadDocumentResponseSchema.parse({
    success: true,
    message: 'File uploaded',
    file: { storageRef: 'uploads/a.docx', downloadUrl: '/files/uploads/a.docx', contentType: 'application/pdf', size: 10, originalFilename: 'Biology.docx' },
  });

  it('takes the upload answer\'s file fields as they come, plus an optional space title', () => {
    const { storageRef, originalFilename, contentType } = uploaded.file;
    expect(curriculumSpaceBodySchema.parse({ storageRef, originalFilename, contentType, title: '  Biology 9B ' })).toEqual({
      storageRef,
      originalFilename,
      contentType,
      title: 'Biology 9B',
    });
    expect(curriculumSpaceBodySchema.parse({ storageRef })).toEqual({ storageRef });
  });

  it('refuses a body without a document, and an empty title', () => {
    expect(curriculumSpaceBodySchema.safeParse({ title: 'Biology' }).success).toBe(false);
    expect(curriculumSpaceBodySchema.safeParse({ storageRef: '' }).success).toBe(false);
    expect(curriculumSpaceBodySchema.safeParse({ storageRef: 'uploads/a.docx', title: '   ' }).success).toBe(false);
  });

  it('answers the space and its decks in unit order', () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const answer = {
      success: true,
      space: { _id: id(1), title: 'Biology', description: '', decks: [id(2), id(3)] },
      curriculum: { status: 'ready', error: null, originalFilename: 'biology.docx' },
      decks: [
        { _id: id(2), title: 'Chapter 1: Cells', processingStatus: 'completed', processingError: null, questionCount: 10, generationError: null },
        { _id: id(3), title: 'Chapter 2: Energy', processingStatus: 'processing', processingError: null, questionCount: 0, generationError: null },
      ],
    };
    expect(curriculumSpaceResponseSchema.parse(answer)).toEqual(answer);
  });

  it('answers a failed split with its reason and no decks', () => {
    const answer = {
      success: true,
      space: { _id: '00000000-0000-4000-8000-000000000001', title: 'Biology', description: '', decks: [] },
      curriculum: { status: 'failed', error: 'This document has no text to make decks from.', originalFilename: null },
      decks: [],
    };
    expect(curriculumSpaceResponseSchema.parse(answer)).toEqual(answer);
    expect(curriculumSpaceResponseSchema.safeParse({ ...answer, curriculum: { ...answer.curriculum, status: 'done' } }).success).toBe(false);
  });
});
