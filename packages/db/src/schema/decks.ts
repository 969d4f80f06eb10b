import { relations, sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  vector,
} from 'drizzle-orm/pg-core';
import { PROCESSING_STATUSES } from '@mnemo/contracts/progress';
import { exactlyOneOwner, ownerColumns } from './owner';
import { createdAt, updatedAt } from './columns';

/**
 * Embedding size, one setting per deployment; the vector column follows it. Changing it needs a new
 * migration and a re-embed job, never a mix of sizes in one column.
 */
export const EMBEDDING_DIMENSIONS = 384;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const sourceTypeEnum = pgEnum('source_type', ['website', 'youtube', 'document']);
export const processingStatusEnum = pgEnum('processing_status', PROCESSING_STATUSES);
export const questionTypeEnum = pgEnum('question_type', [
  'multiple_choice',
  'free_response',
  'case_multiple_choice',
  'case_free_response',
]);
export const deckLengthEnum = pgEnum('deck_length', ['short', 'medium', 'long']);

export const studySpaces = pgTable(
  'study_spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('study_spaces_one_owner', exactlyOneOwner(t)),
    index('study_spaces_owner_user_idx').on(t.ownerUserId, t.createdAt.desc()),
    index('study_spaces_owner_anon_idx').on(t.ownerAnonId, t.createdAt.desc()),
  ],
);

export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    studySpaceId: uuid('study_space_id').references(() => studySpaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    focusInstructions: text('focus_instructions'),
    /** The deck's custom AI instructions (at most 2000 characters). */
    systemPrompt: varchar('system_prompt', { length: 2000 }),
    length: deckLengthEnum('length'),
    questionTypes: questionTypeEnum('question_types').array(),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAnonymously: boolean('published_anonymously').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set on a clone: where it came from (the original may be deleted later). */
    clonedFromId: uuid('cloned_from_id'),
    /**
     * The titles of the deck's sources, space-separated, for Explore's search. Kept by a database
     * trigger on `sources` (migration 0006), so every writer (this service, the ingest worker that
     * renames a source to its document's title) keeps it right: never written by the application.
     */
    sourceTitles: text('source_titles').notNull().default(''),
    /**
     * Explore's full-text document: the title weighs most (A), then the description (B), then the
     * source titles (C); stemmed with the 'english' configuration.
     */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${decks.title}), 'A') || setweight(to_tsvector('english', ${decks.description}), 'B') || setweight(to_tsvector('english', ${decks.sourceTitles}), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('decks_one_owner', exactlyOneOwner(t)),
    index('decks_owner_user_idx').on(t.ownerUserId, t.createdAt.desc()),
    index('decks_owner_anon_idx').on(t.ownerAnonId, t.createdAt.desc()),
    index('decks_space_idx').on(t.studySpaceId, t.createdAt.desc()),
    // Explore's listing, newest (or oldest, read backwards) first, with the id as the tie-break.
    index('decks_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    // Explore's search: full text over published decks, and trigram matching on titles for typos.
    index('decks_published_search_gin')
      .using('gin', t.searchTsv)
      .where(sql`${t.isPublished}`),
    index('decks_published_title_trgm')
      .using('gin', t.title.op('gin_trgm_ops'))
      .where(sql`${t.isPublished}`),
  ],
);

export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    type: sourceTypeEnum('type').notNull(),
    url: text('url'),
    originalFilename: text('original_filename'),
    filename: text('filename'),
    storageRef: text('storage_ref'),
    downloadUrl: text('download_url'),
    contentType: text('content_type'),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull().default(0),
    /** Cut to 50 characters, as the spec says. */
    title: varchar('title', { length: 50 }).notNull().default(''),
    summary: text('summary'),
    keyPoints: jsonb('key_points').$type<string[]>().notNull().default([]),
    content: text('content'),
    processingStatus: processingStatusEnum('processing_status').notNull().default('pending'),
    processingError: text('processing_error'),
    /** The extracted text's language as a BCP 47 tag ('de', 'zh'), null until read or when unclear. */
    language: text('language'),
    /**
     * What the learner should know about how the text was read, in words: which captions a video
     * was read from ("Captions in German (auto-generated)"), pages that could not be read.
     */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    processingAttempt: integer('processing_attempt').notNull().default(0),
    /**
     * A unit of course material (curriculum to space, issue 23; docs/adr/0007): the unit's place in
     * its document, whose file this source shares. Its text is `content`, written by the
     * curriculum split; the ingest job reads that instead of the whole file. Null for every other source.
     */
    unitIndex: integer('unit_index'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sources_deck_idx').on(t.deckId, t.createdAt)],
);

/**
 * A document a caller uploaded (POST /upload/document), recorded so a source can only use a file its
 * own owner uploaded, with the size and type the server measured. `source_id` is set when a source
 * takes the file (one source per file); it goes back to null if that source's deck is deleted, which
 * marks the file as an orphan a clean-up can remove.
 */
export const uploads = pgTable(
  'uploads',
  {
    storageRef: text('storage_ref').primaryKey(),
    ...ownerColumns(),
    originalFilename: text('original_filename'),
    contentType: text('content_type').notNull(),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
    sourceId: uuid('source_id').references(() => sources.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_one_owner', exactlyOneOwner(t)),
    uniqueIndex('uploads_source_uq').on(t.sourceId),
    index('uploads_owner_user_idx').on(t.ownerUserId),
    index('uploads_owner_anon_idx').on(t.ownerAnonId),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.sourceId} is null`),
  ],
);

export type ChunkPosition = { page?: number; startSeconds?: number; heading?: string };

export const sourceChunks = pgTable(
  'source_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    content: text('content').notNull(),
    tokenCount: integer('token_count').notNull(),
    position: jsonb('position').$type<ChunkPosition>(),
    embedding: vector('embedding', { dimensions: EMBEDDING_DIMENSIONS }),
    embeddingModel: text('embedding_model'),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${sourceChunks.content})`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('source_chunks_source_index_uq').on(t.sourceId, t.chunkIndex),
    index('source_chunks_deck_idx').on(t.deckId),
    index('source_chunks_embedding_hnsw').using('hnsw', t.embedding.op('vector_cosine_ops')),
    // The smallest pending list GIN allows (64 kB): the embedded database runs no autovacuum, so
    // new chunks' words wait there until the list passes this size, and every full-text query reads
    // the whole list (200 chunks' worth made it ~6x slower at 10,000 chunks; bench/README.md).
    index('source_chunks_tsv_gin').using('gin', t.tsv).with({ gin_pending_list_limit: 64 }),
  ],
);

/**
 * How many chunks of each source hold each word (a lexeme of the chunks' `tsv`), and how many chunks
 * each source has: the full-text side of retrieval reads a word's document frequency and the
 * scope's size here instead of counting chunks per query (at 100,000 chunks those counts alone took
 * longer than the target for the whole call; bench/README.md, chat retrieval). Kept per source, not
 * per deck, so two sources of one deck being stored at once never write the same row, and a query
 * narrowed to some sources reads exact counts too. Written only by triggers on source_chunks
 * (migration 0016), in the transaction that writes the chunks, whoever writes them (the worker, a
 * deck copy); a deleted source or deck takes its rows with it.
 */
export const sourceTermStats = pgTable(
  'source_term_stats',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    /**
     * The source's deck (a source never moves), so a deck's counts of one word are one index range
     * (`source_term_stats_deck_term_idx`) instead of one probe per source of the deck: at 100 sources
     * and 8 words that was 800 probes, ~12 ms of PGlite CPU per question (migration 0018). No foreign
     * key of its own: the source's removes the row, and a second check per row would slow ingestion.
     */
    deckId: uuid('deck_id').notNull(),
    term: text('term').notNull(),
    /** Chunks of the source holding the term. */
    chunks: integer('chunks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.term] }), index('source_term_stats_deck_term_idx').on(t.deckId, t.term)],
);

/** The number of chunks of each source that has any (see sourceTermStats; `deckId` likewise). */
export const sourceChunkStats = pgTable(
  'source_chunk_stats',
  {
    sourceId: uuid('source_id')
      .primaryKey()
      .references(() => sources.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [index('source_chunk_stats_deck_idx').on(t.deckId)],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id').references(() => sources.id, { onDelete: 'set null' }),
    chunkId: uuid('chunk_id').references(() => sourceChunks.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    questionType: questionTypeEnum('question_type').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    correctAnswerIndex: integer('correct_answer_index'),
    correctAnswerText: text('correct_answer_text'),
    expectedAnswer: text('expected_answer'),
    caseContext: text('case_context'),
    answer: text('answer'),
    position: integer('position').notNull().default(0),
    /**
     * The generation request (job) that wrote the row; null for rows written otherwise. A retried
     * job finds its rows by it and writes nothing twice.
     */
    generationRequestId: text('generation_request_id'),
    /**
     * The one to three concepts the question tests (issue 20): mastery is counted per concept.
     * Empty for a question written before concepts existed until the review module tags it.
     */
    concepts: text('concepts').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Whether the deck's owner has answered the question in review (the owner has a review card for
     * it); set in the transaction that creates the owner's card. It keeps the owner's "new"
     * questions one index range instead of an anti-join with review_cards. A class member's (issue
     * 23) are per learner: new while they have no card (`studiedDecks` in deck-access).
     */
    studied: boolean('studied').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_deck_idx').on(t.deckId, t.position),
    index('questions_generation_idx')
      .on(t.deckId, t.generationRequestId)
      .where(sql`${t.generationRequestId} is not null`),
    index('questions_deck_type_idx').on(t.deckId, t.questionType, t.position),
    index('questions_source_idx').on(t.sourceId),
    // The review queue's new questions, in deck order: only the never-studied ones are in it.
    index('questions_new_idx')
      .on(t.deckId, t.position, t.createdAt, t.id)
      .where(sql`not ${t.studied}`),
    // Re-ingesting a source replaces its chunks, which sets chunk_id to null here: without this index
    // each deleted chunk would scan every question.
    index('questions_chunk_idx')
      .on(t.chunkId)
      .where(sql`${t.chunkId} is not null`),
  ],
);

/** The fallback cards of spec 02 §3, used when a deck has no questions. */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id').references(() => sources.id, { onDelete: 'set null' }),
    front: text('front').notNull(),
    back: text('back').notNull(),
    /**
     * A multiple-choice card's options and the correct one's index (the spec's client answers such
     * a card with 'Option X'); empty and null for a front/back card answered in words.
     */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    correctAnswerIndex: integer('correct_answer_index'),
    position: integer('position').notNull().default(0),
    /** As on questions: the generation request that wrote the card. */
    generationRequestId: text('generation_request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cards_deck_idx').on(t.deckId, t.position),
    index('cards_generation_idx')
      .on(t.deckId, t.generationRequestId)
      .where(sql`${t.generationRequestId} is not null`),
    // Deleting a source sets source_id to null here (or the service deletes its cards first).
    index('cards_source_idx')
      .on(t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

export const studySpacesRelations = relations(studySpaces, ({ many }) => ({ decks: many(decks) }));

export const decksRelations = relations(decks, ({ one, many }) => ({
  studySpace: one(studySpaces, { fields: [decks.studySpaceId], references: [studySpaces.id] }),
  sources: many(sources),
  questions: many(questions),
  cards: many(cards),
}));

export const sourcesRelations = relations(sources, ({ one, many }) => ({
  deck: one(decks, { fields: [sources.deckId], references: [decks.id] }),
  chunks: many(sourceChunks),
}));

export const sourceChunksRelations = relations(sourceChunks, ({ one }) => ({
  source: one(sources, { fields: [sourceChunks.sourceId], references: [sources.id] }),
  deck: one(decks, { fields: [sourceChunks.deckId], references: [decks.id] }),
}));

export const questionsRelations = relations(questions, ({ one }) => ({
  deck: one(decks, { fields: [questions.deckId], references: [decks.id] }),
  source: one(sources, { fields: [questions.sourceId], references: [sources.id] }),
  chunk: one(sourceChunks, { fields: [questions.chunkId], references: [sourceChunks.id] }),
}));

export const cardsRelations = relations(cards, ({ one }) => ({
  deck: one(decks, { fields: [cards.deckId], references: [decks.id] }),
  source: one(sources, { fields: [cards.sourceId], references: [sources.id] }),
}));

export type SourceType = (typeof sourceTypeEnum.enumValues)[number];
export type QuestionType = (typeof questionTypeEnum.enumValues)[number];
export type DeckLength = (typeof deckLengthEnum.enumValues)[number];
export type StudySpace = typeof studySpaces.$inferSelect;
export type NewStudySpace = typeof studySpaces.$inferInsert;
export type Deck = typeof decks.$inferSelect;
export type NewDeck = typeof decks.$inferInsert;
export type Source = typeof sources.$inferSelect;
export type NewSource = typeof sources.$inferInsert;
export type SourceChunk = typeof sourceChunks.$inferSelect;
export type NewSourceChunk = typeof sourceChunks.$inferInsert;
export type Question = typeof questions.$inferSelect;
export type NewQuestion = typeof questions.$inferInsert;
export type Upload = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;
export type Card = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;
