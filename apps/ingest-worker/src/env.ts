import { z } from 'zod';
import { aiEnvSchema } from '@mnemo/ai/env';
import { baseServiceEnv, parseEnv, envList } from '@mnemo/service-kit/env';
import { storageEnvSchema } from '@mnemo/storage/env';
import {
  DEFAULT_YOUTUBE_PLAYER_URL,
  DEFAULT_YOUTUBE_WATCH_URL,
} from '@mnemo/contracts/youtube-player';
import { parseAllowlistEntry } from './extract/safe-fetch';
import { defaultPdfThreads } from './extract/pdf-pool';
import {
  DEFAULT_OCR_LANGUAGES,
  DEFAULT_OCR_MEMORY_LIMIT_MB,
  DEFAULT_OCR_PAGE_TIMEOUT_MS,
  defaultOcrThreads,
  OCR_LANGUAGES,
  type OcrLanguage,
} from './extract/ocr-engine';

export const envSchema = baseServiceEnv.extend({
  ...aiEnvSchema.shape,
  ...storageEnvSchema.shape,
  DATABASE_URL: z.string().min(1),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
  /** The billing service, told of every processed source (the monthly usage). */
  BILLING_URL: z.url().default('http://127.0.0.1:4004'),
  /** Health and metrics for probes; the worker takes no other HTTP traffic. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Question generation jobs at once, on their own queue beside ingestion. */
  GENERATE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * How long a job stays locked to a worker without a renewal. A worker that dies (SIGKILL, a lost
   * node) holds its job this long before another worker takes it over; BullMQ renews the lock at
   * half this interval while the worker lives.
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * Threads that read PDFs, shared by all jobs of the process: a document is split between them, so
   * one long PDF uses every core. Defaults to one per core (at most four).
   */
  PDF_THREADS: z.coerce.number().int().min(1).max(16).default(defaultPdfThreads()),
  /**
   * How long a PDF thread may read one document before it is stopped and the source fails
   * ('took too long to read'): a hostile or broken PDF cannot hold a job forever.
   */
  PDF_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /**
   * Threads that read scans and pictures (OCR), shared by all jobs of the process: this many pages
   * are read at once. Defaults to one per core (at most four); each holds Tesseract and its models.
   */
  OCR_THREADS: z.coerce.number().int().min(1).max(16).default(defaultOcrThreads()),
  /** How long one page may take to read before it is given up and named as unreadable. */
  OCR_PAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(DEFAULT_OCR_PAGE_TIMEOUT_MS),
  /**
   * The most memory (MB) one OCR thread's Tesseract may hold while it reads a page, its language
   * models included: a page that needs more is given up and named as unreadable, its thread
   * replaced. The default reads every picture the upload rules accept.
   */
  OCR_MEMORY_LIMIT_MB: z.coerce.number().int().min(16).max(2048).default(DEFAULT_OCR_MEMORY_LIMIT_MB),
  /**
   * Languages pages can be read in, comma-separated Tesseract codes, the main one first: a
   * document's first page is read in the main one, the rest in the language its text is in
   * (extract/ocr-language.ts). Their data is installed from npm (@tesseract.js-data/*). Defaults to
   * all installed: eng, deu, fra, spa.
   */
  OCR_LANGUAGES: envList
    .refine((codes) => codes.every((c) => (OCR_LANGUAGES as readonly string[]).includes(c)), {
      message: `OCR_LANGUAGES takes codes among ${OCR_LANGUAGES.join(', ')}, separated by commas`,
    })
    .transform((codes) => (codes.length > 0 ? (codes as OcrLanguage[]) : [...DEFAULT_OCR_LANGUAGES])),
  /**
   * Where YouTube's watch page and InnerTube player are asked for captions: YouTube's own addresses
   * unless a fake stands in (tests, demos without internet; its host then goes in
   * SOURCE_FETCH_ALLOWLIST). The learner's link stays a youtube.com link either way.
   */
  YOUTUBE_WATCH_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_YOUTUBE_WATCH_URL),
  YOUTUBE_PLAYER_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_YOUTUBE_PLAYER_URL),
  /**
   * Caption languages wanted, best first (the learner's; the product speaks English). A video
   * without any of them is read from any track, and the source's notes say which.
   */
  YOUTUBE_CAPTION_LANGUAGES: envList.transform((codes) => (codes.length > 0 ? codes : ['en'])),
  /**
   * Hosts (`host` or `host:port`, comma-separated) whose links may be fetched even though they
   * resolve to loopback or private addresses. Empty in production; tests and local development
   * list a server on 127.0.0.1 here. Every other check on links (scheme, credentials, redirects,
   * size, time) still applies to them.
   */
  SOURCE_FETCH_ALLOWLIST: envList.refine(
    (entries) => entries.every((e) => parseAllowlistEntry(e) !== null),
    {
      message:
        'SOURCE_FETCH_ALLOWLIST takes host or host:port entries separated by commas (no scheme, no path)',
    },
  ),
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);
