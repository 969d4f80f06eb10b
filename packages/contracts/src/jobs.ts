import { z } from 'zod';

/** Queue names (BullMQ prefixes them with the deployment's REDIS_PREFIX). */
export const QUEUES = { ingest: 'ingest', generate: 'generate', reembed: 'reembed' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** An owner is a user or an anonymous session, never both. */
export const ownerSchema = z.union([
  z.object({ userId: z.uuid(), anonId: z.undefined().optional() }),
  z.object({ anonId: z.uuid(), userId: z.undefined().optional() }),
]);
export type Owner = z.infer<typeof ownerSchema>;

/**
 * W3C trace context of the request that enqueued a job (its `traceparent`/`tracestate` headers):
 * the worker's span for the job continues that trace.
 */
export const jobTraceSchema = {
  traceparent: z.string().max(128).optional(),
  tracestate: z.string().max(512).optional(),
};

export const ingestSourceJobSchema = z.object({
  sourceId: z.uuid(),
  deckId: z.uuid(),
  owner: ownerSchema,
  /** Bumped on every retry so the job id `ingest-<sourceId>-<attempt>` is new for a retry only. */
  attempt: z.number().int().min(0),
  ...jobTraceSchema,
});

/** What a generation job writes: questions, or the plain fallback cards (spec 02 §3, §7). */
export const GENERATION_TARGETS = ['questions', 'cards'] as const;

/**
 * Questions (or cards) for a deck, spread over its processed sources. The deck service has already
 * cut `totalQuestions` to the room left under the card limit; the worker checks again when it
 * writes, so two requests at once cannot pass the limit together.
 */
export const generateQuestionsJobSchema = z.object({
  deckId: z.uuid(),
  owner: ownerSchema,
  questionTypes: z.array(z.enum(['multiple_choice', 'free_response', 'case_multiple_choice', 'case_free_response'])).min(1),
  totalQuestions: z.number().int().min(1).max(100),
  focusInstructions: z.string().max(2000).optional(),
  /** One per request: the job id and the mark on every row the job writes (a retry writes nothing twice). */
  requestId: z.string(),
  // Additions.
  target: z.enum(GENERATION_TARGETS).default('questions'),
  /** Only these sources of the deck (POST /ai/generate-cards-from-source); every source otherwise. */
  sourceIds: z.array(z.uuid()).min(1).optional(),
  /**
   * The most questions and cards together the deck may hold on its owner's plan; null for no limit.
   * Absent: the lowest limit for this kind of owner (anonymous 20, a user 50).
   */
  cardLimit: z.number().int().min(0).nullable().optional(),
  /** When the request was made (ms since the epoch): how long the job may wait for sources still processing. */
  requestedAt: z.number().int().min(0).optional(),
  ...jobTraceSchema,
});

/**
 * Curriculum to space (issue 23; docs/adr/0007): the teacher's document, recorded for `spaceId`,
 * is read and split into units; the job makes one deck per unit with that unit's text as its
 * source, then queues each source's ingest-source job and each deck's generate-questions job.
 * The deck service decided the plan's numbers when it accepted the request.
 */
export const splitCurriculumJobSchema = z.object({
  spaceId: z.uuid(),
  owner: ownerSchema,
  /** At most this many decks (the plan's decks per space); null: the split's own bound. */
  maxUnits: z.number().int().min(1).nullable(),
  /** Questions asked for each deck, already within the plan's card limit. */
  questionsPerDeck: z.number().int().min(1).max(100),
  questionTypes: generateQuestionsJobSchema.shape.questionTypes,
  /** The plan's cards per deck (null: no limit), carried to each generation job. */
  cardLimit: z.number().int().min(0).nullable(),
  ...jobTraceSchema,
});

/** The request id of each unit deck's generation job (one per deck): jobIds.generate(deckId, CURRICULUM_REQUEST_ID). */
export const CURRICULUM_REQUEST_ID = 'curriculum';

export const reembedJobSchema = z.object({ sourceId: z.uuid(), model: z.string().min(1), ...jobTraceSchema });

/**
 * Proves the pipeline end to end (queue → worker → pub/sub → gateway SSE) without real content:
 * the worker walks the progress steps for `sourceId` and publishes each one.
 */
export const pipelineCheckJobSchema = z.object({
  sourceId: z.uuid(),
  steps: z.number().int().min(1).max(20).default(3),
  delayMs: z.number().int().min(0).max(5000).default(0),
});

/** The deck service's sweep of unused uploads (run by its job scheduler; nothing to say). */
export const sweepUploadsJobSchema = z.object({});
/** The deck service's ANALYZE of the tables past autovacuum's threshold (embedded database only). */
export const analyzeTablesJobSchema = z.object({});

/**
 * Every queue by key: the worker's (QUEUES), and the deck service's own repeating work, kept out of
 * QUEUES because its next run always waits in the queue (the gateway's health and KEDA count
 * QUEUES' jobs as work for the worker).
 */
export const QUEUE_NAMES = { ...QUEUES, maintenance: 'deck-maintenance' } as const;
export type QueueKey = keyof typeof QUEUE_NAMES;

/** One typed map from job name to payload, per queue. */
export const JOBS = {
  ingest: { 'ingest-source': ingestSourceJobSchema, 'pipeline-check': pipelineCheckJobSchema, 'split-curriculum': splitCurriculumJobSchema },
  generate: { 'generate-questions': generateQuestionsJobSchema },
  reembed: { 'reembed-source': reembedJobSchema },
  maintenance: { 'sweep-uploads': sweepUploadsJobSchema, 'analyze-tables': analyzeTablesJobSchema },
} as const satisfies Record<QueueKey, Record<string, z.ZodType>>;

/** How BullMQ runs a job (BullMQ's JobsOptions, the part we set). */
export type JobRunOptions = {
  attempts: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  removeOnComplete?: number | { age: number; count?: number };
  removeOnFail?: number | { age: number; count?: number };
};

/** Finished jobs are kept a day so a duplicate enqueue with the same id stays a no-op, then removed. */
const KEEP_IDS_A_DAY = { removeOnComplete: { age: 24 * 3600, count: 10_000 }, removeOnFail: { age: 7 * 24 * 3600 } };

/** How every job is run, in one place: whoever enqueues a job gets its options from here. */
export const JOB_OPTIONS = {
  /**
   * Three tries with exponential backoff (15 s, 30 s) for transient failures (a provider's rate
   * limit, a site that timed out); the worker marks the source failed only when the last try fails.
   */
  'ingest-source': { attempts: 3, backoff: { type: 'exponential', delay: 15_000 }, ...KEEP_IDS_A_DAY },
  /** Reading and splitting a document: tried like ingestion (a permanent failure fails at once). */
  'split-curriculum': { attempts: 3, backoff: { type: 'exponential', delay: 15_000 }, ...KEEP_IDS_A_DAY },
  /** A probe: once, and its progress says how it went. */
  'pipeline-check': { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
  /**
   * Three tries with exponential backoff from 15 s for transient AI failures. Waiting for sources
   * that are still being processed does not use up tries (the worker puts the job back as delayed).
   */
  'generate-questions': { attempts: 3, backoff: { type: 'exponential', delay: 15_000 }, ...KEEP_IDS_A_DAY },
  /** Re-embedding after a model change: more tries, sooner, and fewer finished jobs kept. */
  'reembed-source': { attempts: 5, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 1000, removeOnFail: 1000 },
  /** A failed sweep is simply the next one's work: no retry, few finished runs kept. */
  'sweep-uploads': { attempts: 1, removeOnComplete: 10, removeOnFail: 50 },
  /** Statistics: a missed run is the next one's work, like the sweep. */
  'analyze-tables': { attempts: 1, removeOnComplete: 10, removeOnFail: 50 },
} as const satisfies Record<AnyJobName, JobRunOptions>;

export type IngestSourceJob = z.infer<typeof ingestSourceJobSchema>;
export type GenerateQuestionsJob = z.infer<typeof generateQuestionsJobSchema>;
/** A generation job as its producer writes it (defaults not yet applied). */
export type GenerateQuestionsJobInput = z.input<typeof generateQuestionsJobSchema>;
export type ReembedJob = z.infer<typeof reembedJobSchema>;
export type SplitCurriculumJob = z.infer<typeof splitCurriculumJobSchema>;
export type PipelineCheckJob = z.infer<typeof pipelineCheckJobSchema>;
export type JobName<Q extends keyof typeof JOBS> = keyof (typeof JOBS)[Q] & string;
export type JobPayload<Q extends keyof typeof JOBS, N extends JobName<Q>> = z.infer<(typeof JOBS)[Q][N]>;
/** Every job name of every queue. */
export type AnyJobName = { [Q in QueueKey]: JobName<Q> }[QueueKey];
/** A job's payload as its producer writes it (defaults not yet applied). */
export type JobInput<Q extends keyof typeof JOBS, N extends JobName<Q>> = z.input<(typeof JOBS)[Q][N]>;

/**
 * Job ids derived from the entity, so a duplicate enqueue is a no-op. BullMQ refuses ':' in custom
 * ids (it separates its own key parts), hence the dashes.
 */
export const jobIds = {
  ingest: (sourceId: string, attempt: number) => `ingest-${sourceId}-${attempt}`,
  generate: (deckId: string, requestId: string) => `generate-${deckId}-${requestId}`,
  reembed: (sourceId: string, model: string) => `reembed-${sourceId}-${model.replace(/:/g, '_')}`,
  pipelineCheck: (sourceId: string) => `pipeline-check-${sourceId}`,
  /** One split per space: the space is made for it. */
  curriculum: (spaceId: string) => `curriculum-${spaceId}`,
};

/** Worker heartbeat, so the gateway's health report can include the worker. */
export const workerHeartbeatKey = (prefix: string) => `${prefix}:worker:heartbeat`;
export const WORKER_HEARTBEAT_TTL_SECONDS = 15;
