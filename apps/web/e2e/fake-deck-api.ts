import {
  attachmentDisposition,
  EXPORT_FILES,
  exportFilename,
  exportFormatSchema,
  type ImportDeckResponse,
  type ImportPreviewResponse,
} from '@mnemo/contracts/api/exchange';
import type { Page, Route } from '@playwright/test';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { ErrorBody, ErrorCode } from '@mnemo/contracts/errors';
import type { UsageResponse } from '@mnemo/contracts/api/payment';
import type {
  GenerateQuestionsResponse,
  GenerationStatusResponse,
  LatestGenerationResponse,
} from '@mnemo/contracts/api/questions';
import type { Question } from '@mnemo/contracts/entities/question';
import type { Space } from '@mnemo/contracts/entities/space';
import { RecordingFake } from './fake-calls';

// A stateful stand-in for the deck service's calls (spaces, decks, uploads, processing, the
// progress stream, questions, video search), answering in the wire format of @mnemo/contracts.
// The preview tests install it with page.route; a test overrides one call by routing it after
// install() (the last route registered answers first).

export const NOW = '2025-03-01T10:00:00.000Z';

/** GET /payment/usage of a free account that has processed nothing this month. */
export const FREE_USAGE: UsageResponse = {
  success: true,
  hasActiveSubscription: false,
  subscriptionStatus: 'free',
  currentUsageMB: 0,
  limitMB: 60,
  remainingMB: 60,
  usagePercentage: 0,
  resetDate: '2025-04-01T00:00:00.000Z',
};
export const USER = {
  _id: '0d9f3c1e-2a4b-4c6d-8e0f-1a2b3c4d5e6f',
  email: 'ada@example.com',
  firstName: 'Ada',
};

/**
 * What a signed-in visitor sees of someone else's published deck, laid over the fake's answer:
 * `addDeck(title, { presented: PUBLISHED_BY_OTHER })`.
 */
export const PUBLISHED_BY_OTHER = {
  isPublished: true,
  publishedAt: NOW,
  owner: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  ownerName: 'Grace',
  isOwner: false,
  canEdit: false,
} satisfies Partial<DeckResponse>;

let counter = 0;
/** A fresh UUID (the contracts' ids are UUIDs). */
export const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

type Status =
  'pending' | 'processing' | 'content-ready' | 'flashcards-ready' | 'completed' | 'failed';

export interface FakeSource {
  _id: string;
  type: 'website' | 'youtube' | 'document';
  url: string | null;
  title: string;
  originalFilename: string | null;
  filename: string | null;
  storageRef: string | null;
  downloadUrl: string | null;
  contentType: string | null;
  sizeInBytes: number;
  summary: string | null;
  keyPoints: string[];
  processingStatus: Status;
  processingError?: string | null;
  /** The extracted text GET /decks/:id carries. */
  content?: string | null;
}

export interface FakeDeck {
  _id: string;
  title: string;
  studySpace: string | null;
  sources: FakeSource[];
  cards: string[];
  createdAt: string;
  focusInstructions: string | null;
  systemPrompt?: string | null;
  /** Fields of the deck answer to override: access flags, publishing, owner. */
  presented?: Partial<DeckResponse>;
}

export interface FakeSpace {
  _id: string;
  title: string;
  description: string;
}

export function failure(
  status: number,
  code: ErrorCode,
  error: string,
  extra: Partial<ErrorBody> = {},
) {
  return (route: Route) =>
    route.fulfill({
      status,
      json: {
        success: false,
        error,
        message: error,
        code,
        requestId: 'r1',
        ...extra,
      } satisfies ErrorBody,
    });
}

/** The smallest valid PNG: one transparent pixel. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Video thumbnails load (a pixel) instead of failing as they do offline, for tests about which
 * picture is shown; an unreachable one is a placeholder tile (thumbnails.spec.ts). Call after
 * install(): the last route registered answers first.
 */
export async function serveThumbnails(page: Page): Promise<void> {
  await page.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
  );
}

export function fakeSource(over: Partial<FakeSource> = {}): FakeSource {
  return {
    _id: uuid(),
    type: 'website',
    url: 'https://example.com/page',
    title: 'example.com/page',
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
  };
}

/** A processed source's progress, as the gateway relays it: unnamed events with JSON data. */
export function completedStream(
  sourceId: string,
  last: 'completed' | 'error' = 'completed',
): string {
  const steps: [string, number, string][] = [
    ['connected', 0, 'Connected to progress updates'],
    ['extracting', 20, 'Extracting text'],
    ['chunking', 40, 'Splitting into chunks'],
    ['embeddings', 60, 'Embedding chunks'],
    ['generating-summary', 85, 'Writing the summary'],
    last === 'completed'
      ? ['completed', 100, 'Processing complete']
      : ['error', 30, 'This PDF is password-protected'],
  ];
  return steps
    .map(
      ([step, progress, message]) =>
        `data: ${JSON.stringify({ sourceId, step, message, progress, details: null, timestamp: NOW })}\n\n`,
    )
    .join('');
}

function question(deckId: string, n: number): Question {
  return {
    _id: uuid(),
    deck: deckId,
    question: `Generated question ${n}?`,
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: `Expected answer ${n}`,
    caseContext: null,
    source: null,
    answer: null,
  };
}

/** A deck on the explore page, in the wire format of GET /decks/explore. */
export interface FakeExploreCard {
  _id: string;
  title: string;
  createdAt: string;
  publishedAt: string;
  cardCount?: number;
  cards?: string[];
  sources: {
    _id: string;
    type: 'website' | 'youtube' | 'document';
    title: string;
    url: string | null;
  }[];
  publishedAnonymously: boolean;
  ownerName: string | null;
  description?: string;
}

export function fakeExploreCard(
  title: string,
  over: Partial<FakeExploreCard> = {},
): FakeExploreCard {
  return {
    _id: uuid(),
    title,
    createdAt: NOW,
    publishedAt: NOW,
    cardCount: 12,
    sources: [
      {
        _id: uuid(),
        type: 'website',
        title: 'example.com/cells',
        url: 'https://example.com/cells',
      },
    ],
    publishedAnonymously: false,
    ownerName: 'Grace',
    ...over,
  };
}

/** One look at a queued generation's status: where it stands then. */
export type FakeGenerationStep =
  { state: 'queued' | 'running' } | { state: 'completed' } | { state: 'failed'; reason: string };

interface FakeGenerationJob {
  deckId: string;
  steps: FakeGenerationStep[];
  total: number;
  looks: number;
  /** Set when the run has written its questions (once, however often it is looked at). */
  created?: number;
  /** What the generate call asked for (GET .../generation answers it with the latest run). */
  request: NonNullable<LatestGenerationResponse['generation']>['request'];
}

export class FakeDeckApi extends RecordingFake {
  /** What GET /decks/explore lists, newest first; a search keeps titles containing the term. */
  explore: FakeExploreCard[] = [];
  spaces: FakeSpace[] = [];
  decks: FakeDeck[] = [];
  questions = new Map<string, ReturnType<typeof question>[]>();
  /** How each source's processing ends when its progress stream is opened. */
  outcome = new Map<string, 'completed' | 'failed'>();
  /** Default outcome for sources not in `outcome`. */
  defaultOutcome: 'completed' | 'failed' = 'completed';
  /**
   * Queued generations, the way the deck service runs them: each generate call takes the next
   * script, answers 'queued', and each GET .../generation/:jobId look takes the script's next step
   * (the last repeats); the questions are written when a look reaches 'completed'. Empty: generate
   * completes at once.
   */
  generationRuns: FakeGenerationStep[][] = [];
  private jobs = new Map<string, FakeGenerationJob>();
  /** Each deck's latest queued run, as the deck service remembers it. */
  private latestJob = new Map<string, string>();

  constructor(readonly options: { signedIn: boolean }) {
    super();
  }

  addSpace(title: string): FakeSpace {
    const space = { _id: uuid(), title, description: '' };
    this.spaces.push(space);
    return space;
  }

  addDeck(title: string, over: Partial<FakeDeck> = {}): FakeDeck {
    const deck: FakeDeck = {
      _id: uuid(),
      title,
      studySpace: null,
      sources: [],
      cards: [],
      createdAt: NOW,
      focusInstructions: null,
      ...over,
    };
    this.decks.unshift(deck);
    return deck;
  }

  /** A space as GET /spaces answers it (the contracts' Space). */
  presentSpace(space: FakeSpace): Space {
    return {
      ...space,
      decks: this.decks.filter((d) => d.studySpace === space._id).map((d) => d._id),
      createdAt: NOW,
      updatedAt: NOW,
    };
  }

  /**
   * A deck as GET /decks/:id answers it: typed by the contracts, so the fake cannot drift from the
   * service's answer (a test's `presented` overrides are laid over it as given).
   */
  presentDeck(deck: FakeDeck): DeckResponse {
    const answer: DeckResponse = {
      success: true,
      _id: deck._id,
      title: deck.title,
      description: '',
      sources: deck.sources,
      cards: deck.cards,
      createdAt: deck.createdAt,
      publishedAt: null,
      isPublished: false,
      publishedAnonymously: false,
      owner: this.options.signedIn ? USER._id : null,
      ownerName: this.options.signedIn ? USER.firstName : null,
      studySpace: deck.studySpace,
      focusInstructions: deck.focusInstructions,
      systemPrompt: deck.systemPrompt ?? null,
      canView: true,
      canEdit: true,
      isOwner: true,
      cardCount: deck.cards.length,
    };
    return { ...answer, ...deck.presented };
  }

  /** One look at a run: the script's next step (the last repeats), its questions written once completed. */
  private lookAt(jobId: string, job: FakeGenerationJob): Omit<GenerationStatusResponse, 'success'> {
    const step = job.steps[Math.min(job.looks, job.steps.length - 1)] ?? { state: 'queued' };
    job.looks += 1;
    if (step.state === 'completed') {
      job.created ??= this.writeQuestions(job.deckId, job.total).length;
      return { jobId, state: 'completed', created: job.created };
    }
    if (step.state === 'failed') return { jobId, state: 'failed', reason: step.reason };
    return { jobId, state: step.state };
  }

  /** Writes a generation's questions (at most 3) into the deck. */
  private writeQuestions(deckId: string, totalQuestions: number) {
    const made = Array.from({ length: Math.min(totalQuestions, 3) }, (_, i) =>
      question(deckId, i + 1),
    );
    this.questions.set(deckId, made);
    const deck = this.decks.find((d) => d._id === deckId);
    if (deck) deck.cards = made.map((q) => q._id);
    return made;
  }

  private findSource(sourceId: string): { deck: FakeDeck; source: FakeSource } | null {
    for (const deck of this.decks) {
      const source = deck.sources.find((s) => s._id === sourceId);
      if (source) return { deck, source };
    }
    return null;
  }

  async install(page: Page): Promise<void> {
    if (this.options.signedIn) {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('token', 'test-token');
          sessionStorage.setItem('seeded', '1');
        }
      });
    }
    // Every write of the pending generation record, kept even after the edit screen removes it.
    await page.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function setItem(this: Storage, key: string, value: string) {
        if (key === 'pendingCardGeneration') {
          const w = window as unknown as { pendingWrites?: string[] };
          (w.pendingWrites ??= []).push(value);
        }
        original.call(this, key, value);
      };
    });
    await page.route('https://i.ytimg.com/**', (route) => route.abort());
    // The summary page's video player: an empty page stands in, the tests never go online.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Player</title>',
      }),
    );
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => this.answer(route),
    );
  }

  private async answer(route: Route): Promise<void> {
    const request = route.request();
    const { method, path, query, body, parts, json, answer: reply } = this.record(route);

    if (path === '/auth/me' && this.options.signedIn)
      return reply('GET /auth/me', { success: true, user: USER });
    if (path === '/payment/usage') return reply('GET /payment/usage', FREE_USAGE);
    // No classes unless a test installs FakeClassApi (fake-class-api.ts), which answers first.
    if (path === '/classes' && method === 'GET') {
      return reply('GET /classes', { success: true, teaching: [], joined: [] });
    }
    if (path.startsWith('/auth/anonymous-limits/')) {
      return reply('GET /auth/anonymous-limits/:sessionId', {
        success: true,
        usage: {
          studySpaces: this.spaces.length,
          decks: this.decks.length,
          cardsGenerated: 0,
          chatMessages: 0,
        },
        limits: {
          studySpaces: 1,
          decksPerSpace: 3,
          cardsPerDeck: 20,
          chatMessagesPerDay: 30,
          monthlyProcessingMB: 60,
        },
      });
    }

    if (parts[0] === 'spaces') {
      if (parts.length === 1 && method === 'GET') {
        return reply('GET /spaces', {
          success: true,
          data: this.spaces.map((s) => this.presentSpace(s)),
        });
      }
      if (parts.length === 1 && method === 'POST') {
        const { title } = body as { title: string };
        const space = { _id: uuid(), title, description: '' };
        this.spaces.push(space);
        return reply('POST /spaces', { success: true, data: this.presentSpace(space) }, 201);
      }
      const space = this.spaces.find((s) => s._id === parts[1]);
      if (!space) return failure(404, 'NOT_FOUND', 'Study space not found')(route);
      if (method === 'GET')
        return reply('GET /spaces/:id', { success: true, data: this.presentSpace(space) });
      if (method === 'PUT') {
        Object.assign(space, body as { title: string });
        return reply('PUT /spaces/:id', { success: true, data: this.presentSpace(space) });
      }
      if (method === 'DELETE') {
        const presented = this.presentSpace(space);
        this.spaces = this.spaces.filter((s) => s !== space);
        this.decks = this.decks.filter((d) => d.studySpace !== space._id);
        return reply('DELETE /spaces/:id', { success: true, data: presented });
      }
    }

    // Deck exchange (issue 24): answers typed by the contracts.
    if (path === '/decks/import/preview' && method === 'POST') {
      const answer: ImportPreviewResponse = {
        success: true,
        format: 'quizlet',
        separator: '\t',
        header: false,
        columns: [
          { name: 'Column 1', field: 'question' },
          { name: 'Column 2', field: 'answer' },
        ],
        rows: [
          ['Zelle', 'cell'],
          ['Kern', 'nucleus'],
        ],
        rowCount: 315,
      };
      return reply('POST /decks/import/preview', answer);
    }
    if (path === '/decks/import' && method === 'POST') {
      const form = request.postDataBuffer()?.toString('latin1') ?? '';
      const spaceId = /name="studySpace"\r\n\r\n([^\r]+)/.exec(form)?.[1] ?? null;
      const deck = this.addDeck('german', { studySpace: spaceId });
      const answer: ImportDeckResponse = {
        success: true,
        deck: this.presentDeck(deck),
        imported: 312,
        skipped: [
          { line: 4, reason: 'empty front' },
          { line: 90, reason: 'empty front' },
          { line: 91, reason: 'empty front' },
        ],
      };
      return reply('POST /decks/import', answer);
    }
    if (parts[0] === 'decks' && parts[2] === 'export' && method === 'GET') {
      const deck = this.decks.find((d) => d._id === parts[1]);
      if (!deck) return failure(404, 'NOT_FOUND', 'Deck not found')(route);
      const format = exportFormatSchema.parse(query.format ?? 'json');
      return route.fulfill({
        status: 200,
        contentType: EXPORT_FILES[format].contentType,
        headers: {
          'content-disposition': attachmentDisposition(exportFilename(deck.title, format)),
        },
        body: format === 'csv' ? 'Question,Answer\nZelle,cell\n' : 'Zelle\tcell\n',
      });
    }

    if (parts[0] === 'decks') {
      if (parts.length === 1 && method === 'GET') {
        const inSpace = query.studySpace ?? null;
        const decks = this.decks.filter((d) => !inSpace || d.studySpace === inSpace);
        return reply('GET /decks', { success: true, data: decks.map((d) => this.presentDeck(d)) });
      }
      if (parts.length === 1 && method === 'POST') {
        const input = body as {
          title: string;
          studySpace?: string | null;
          focusInstructions?: string | null;
          sources?: Record<string, unknown>[];
        };
        const deck = this.addDeck(input.title, {
          studySpace: input.studySpace ?? null,
          focusInstructions: input.focusInstructions ?? null,
          sources: (input.sources ?? []).map((s) =>
            fakeSource({
              type: s.type as FakeSource['type'],
              url: (s.url as string | undefined) ?? null,
              title: (s.title as string | undefined) ?? 'Untitled',
              originalFilename: (s.originalFilename as string | undefined) ?? null,
              storageRef: (s.storageRef as string | undefined) ?? null,
              sizeInBytes: (s.sizeInBytes as number | undefined) ?? 0,
            }),
          ),
        });
        return reply('POST /decks', this.presentDeck(deck), 201);
      }
      if (parts[1] === 'explore' && method === 'GET') {
        const term = (query.search ?? '').trim().toLowerCase();
        const page = Number(query.page ?? '1');
        const limit = Number(query.limit ?? '20');
        const found = this.explore.filter((c) => c.title.toLowerCase().includes(term));
        // The test's own cards, some in the older shape spec 01 §3 allows (`cards` instead of
        // `cardCount`), which the page must still read: answered as given, not typed by the contract.
        return json({
          success: true,
          data: found.slice((page - 1) * limit, page * limit),
          pagination: {
            total: found.length,
            totalPages: Math.ceil(found.length / limit),
            page,
            limit,
          },
        });
      }
      const deck = this.decks.find((d) => d._id === parts[1]);
      if (!deck) return failure(404, 'NOT_FOUND', 'Deck not found')(route);
      if (parts.length === 2 && method === 'GET')
        return reply('GET /decks/:id', this.presentDeck(deck));
      if (parts[2] === 'publish' && method === 'PUT') {
        const input = body as { isPublished: boolean; publishedAnonymously?: boolean };
        deck.presented = {
          ...deck.presented,
          isPublished: input.isPublished,
          publishedAnonymously: input.isPublished && input.publishedAnonymously === true,
          publishedAt: input.isPublished ? NOW : null,
        };
        const { success: _ok, ...presented } = this.presentDeck(deck);
        return reply('PUT /decks/:id/publish', { success: true, deck: presented });
      }
      if (parts[2] === 'clone' && method === 'POST') {
        const { studySpace } = body as { studySpace?: string | null };
        // The copy is the caller's: no presented overrides (owner, private, editable).
        const copy = this.addDeck(deck.title, {
          studySpace: studySpace ?? null,
          sources: deck.sources.map((s) => ({ ...s, _id: uuid() })),
          cards: [...deck.cards],
        });
        return reply('POST /decks/:id/clone', this.presentDeck(copy), 201);
      }
      if (parts.length === 2 && method === 'PUT') {
        const input = body as { title?: string; systemPrompt?: string | null };
        if (input.title !== undefined) deck.title = input.title.trim();
        if (input.systemPrompt !== undefined) {
          deck.systemPrompt = input.systemPrompt?.trim() ? input.systemPrompt : null;
        }
        return reply('PUT /decks/:id', this.presentDeck(deck));
      }
      if (parts[2] === 'discard-failed-creation' && method === 'POST') {
        // The deck service's rule (issue 18.3): only a deck whose every source failed, without cards.
        const failed =
          deck.sources.length > 0 &&
          deck.sources.every((s) => s.processingStatus === 'failed') &&
          deck.cards.length === 0;
        if (!failed) return failure(409, 'CONFLICT', 'This deck is kept.')(route);
        this.decks = this.decks.filter((d) => d !== deck);
        const { removeSpace } = (body ?? {}) as { removeSpace?: boolean };
        const spaceId = deck.studySpace;
        const removedSpace =
          removeSpace === true &&
          spaceId !== null &&
          !this.decks.some((d) => d.studySpace === spaceId);
        if (removedSpace) this.spaces = this.spaces.filter((s) => s._id !== spaceId);
        return reply('POST /decks/:id/discard-failed-creation', { success: true, removedSpace });
      }
      if (parts.length === 2 && method === 'DELETE') {
        const presented = this.presentDeck(deck);
        this.decks = this.decks.filter((d) => d !== deck);
        return reply('DELETE /decks/:id', presented);
      }
    }

    if (parts[0] === 'chat' && parts[1] === 'deck' && parts[2]) {
      if (parts[3] === 'system-messages' && method === 'PUT') {
        return reply('PUT /chat/deck/:deckId/system-messages', { success: true, updatedCount: 0 });
      }
      if (parts.length === 3 && method === 'GET')
        return reply('GET /chat/deck/:deckId', { success: true, chats: [] });
    }

    if (path === '/upload/document') {
      const form = request.postDataBuffer()?.toString('latin1') ?? '';
      const name = /name="file"; filename="([^"]+)"/.exec(form)?.[1] ?? 'file.pdf';
      return reply('POST /upload/document', {
        success: true,
        message: 'File uploaded',
        file: {
          storageRef: `documents/2025/03/${name}`,
          downloadUrl: `/api/files/documents/2025/03/${name}`,
          contentType: 'application/pdf',
          size: 1024 * 1024,
          originalFilename: name,
        },
      });
    }

    if (path === '/ai/process-source') {
      const { sourceId } = body as { deckId: string; sourceId: string };
      const found = this.findSource(sourceId);
      if (!found) return failure(404, 'NOT_FOUND', 'Source not found')(route);
      found.source.processingStatus = 'processing';
      return reply('POST /ai/process-source', { success: true, source: found.source });
    }

    // The stream's ticket (the gateway's POST /ai/progress/:sourceId/ticket).
    if (parts[0] === 'ai' && parts[1] === 'progress' && parts[2] && parts[3] === 'ticket') {
      if (!this.findSource(parts[2])) return failure(404, 'NOT_FOUND', 'Source not found')(route);
      return reply('POST /ai/progress/:sourceId/ticket', {
        success: true,
        ticket: `ticket-${parts[2]}`,
        expiresInSeconds: 60,
      });
    }

    if (parts[0] === 'ai' && parts[1] === 'progress' && parts[2]) {
      const found = this.findSource(parts[2]);
      if (!found) return failure(404, 'NOT_FOUND', 'Source not found')(route);
      const outcome = this.outcome.get(found.source._id) ?? this.defaultOutcome;
      found.source.processingStatus = outcome;
      if (outcome === 'completed') {
        found.source.summary = 'A summary.';
        found.source.title = found.source.title.replace(/^https?:\/\//, '');
      } else {
        found.source.processingError = 'This PDF is password-protected';
      }
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
        body: completedStream(found.source._id, outcome === 'completed' ? 'completed' : 'error'),
      });
    }

    if (parts[0] === 'ai' && parts[1] === 'source-status' && parts[3]) {
      const found = this.findSource(parts[3]);
      if (!found) return failure(404, 'NOT_FOUND', 'Source not found')(route);
      return reply('GET /ai/source-status/:deckId/:sourceId', {
        success: true,
        source: found.source,
      });
    }

    if (parts[0] === 'questions' && parts[1] === 'deck' && parts[2]) {
      const deckId = parts[2];
      if (parts[3] === 'generate' && method === 'POST') {
        const request = body as FakeGenerationJob['request'];
        const { totalQuestions } = request;
        const script = this.generationRuns.shift();
        if (script) {
          const jobId = `generate-${deckId}-${uuid()}`;
          this.jobs.set(jobId, { deckId, steps: script, total: totalQuestions, looks: 0, request });
          this.latestJob.set(deckId, jobId);
          const queued: GenerateQuestionsResponse = {
            success: true,
            status: 'queued',
            jobId,
            questions: [],
          };
          return reply('POST /questions/deck/:deckId/generate', queued);
        }
        const made = this.writeQuestions(deckId, totalQuestions);
        return reply('POST /questions/deck/:deckId/generate', {
          success: true,
          status: 'completed',
          jobId: 'job-1',
          questions: made,
        });
      }
      if (parts[3] === 'generation' && parts[4] && method === 'GET') {
        const job = this.jobs.get(parts[4]);
        if (!job || job.deckId !== deckId) {
          return failure(404, 'NOT_FOUND', 'Generation not found')(route);
        }
        return reply('GET /questions/deck/:deckId/generation/:jobId', {
          success: true,
          ...this.lookAt(parts[4], job),
        });
      }
      if (parts[3] === 'generation' && !parts[4] && method === 'GET') {
        const jobId = this.latestJob.get(deckId);
        const job = jobId ? this.jobs.get(jobId) : undefined;
        const answer: LatestGenerationResponse = {
          success: true,
          generation: jobId && job ? { ...this.lookAt(jobId, job), request: job.request } : null,
        };
        return reply('GET /questions/deck/:deckId/generation', answer);
      }
      const list = this.questions.get(deckId) ?? [];
      if (parts[3] === 'all')
        return reply('GET /questions/deck/:deckId/all', { success: true, questions: list });
      return reply('GET /questions/deck/:deckId', {
        success: true,
        questions: list,
        pagination: { total: list.length, pages: list.length === 0 ? 0 : 1, page: 1, limit: 20 },
      });
    }

    return route.fallback();
  }
}
