import { randomUUID } from 'node:crypto';

/**
 * Example payloads shaped as the spec shows them, for tests. Ids are fresh UUIDs and dates ISO
 * strings, as the API exposes them.
 */
export const uuid = () => randomUUID();
export const now = () => new Date().toISOString();

export const exampleSource = (over: Record<string, unknown> = {}) => ({
  _id: uuid(),
  type: 'website',
  url: 'https://example.org/cells',
  title: 'Cells',
  originalFilename: null,
  filename: null,
  storageRef: null,
  downloadUrl: null,
  contentType: null,
  sizeInBytes: 0,
  summary: null,
  keyPoints: [],
  processingStatus: 'pending',
  ...over,
});

export const exampleDeck = (over: Record<string, unknown> = {}) => ({
  _id: uuid(),
  title: 'Cell biology',
  description: '',
  sources: [exampleSource()],
  cards: [uuid(), uuid()],
  createdAt: now(),
  publishedAt: null,
  isPublished: false,
  publishedAnonymously: false,
  owner: uuid(),
  ownerName: 'Ada',
  studySpace: uuid(),
  focusInstructions: null,
  systemPrompt: null,
  canView: true,
  canEdit: true,
  isOwner: true,
  ...over,
});

export const exampleQuestion = (over: Record<string, unknown> = {}) => ({
  _id: uuid(),
  deck: uuid(),
  question: 'What does the mitochondrion make?',
  questionType: 'multiple_choice',
  options: ['ATP', 'DNA', 'Starch', 'Light'],
  correctAnswerIndex: 0,
  correctAnswerText: 'ATP',
  expectedAnswer: null,
  caseContext: null,
  source: { sourceId: uuid(), type: 'website', title: 'Cells' },
  answer: 'ATP',
  ...over,
});

export const exampleChat = (over: Record<string, unknown> = {}) => ({
  _id: uuid(),
  title: 'Study Session: cells',
  deckId: uuid(),
  messages: [
    { role: 'user', content: 'What is ATP?', timestamp: now() },
    { role: 'assistant', content: 'The cell’s energy currency.', timestamp: now() },
  ],
  createdAt: now(),
  updatedAt: now(),
  isPreview: false,
  ...over,
});
