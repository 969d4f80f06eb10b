import type { ErrorCode } from '@mnemo/contracts/errors';
import { AppError } from '@mnemo/service-kit/errors';

/**
 * Why an extraction failed, finer than the contract's error code. Each reason has exactly one code
 * and one retry class, kept in this table so a reason can never be thrown with a different code in
 * two places. Transient means "the same job may succeed later" (network, the remote's 5xx, rate
 * limits); everything about the content itself is permanent, and retrying it only wastes work.
 */
export const EXTRACTION_REASONS = {
  // The link itself.
  invalid_url: { code: 'INVALID_URL', transient: false },
  unsupported_scheme: { code: 'INVALID_URL', transient: false },
  credentials_in_url: { code: 'INVALID_URL', transient: false },
  not_a_video_link: { code: 'INVALID_URL', transient: false },
  blocked_address: { code: 'SSRF_BLOCKED', transient: false },

  // Fetching it.
  timeout: { code: 'EXTRACTION_FAILED', transient: true },
  network_error: { code: 'EXTRACTION_FAILED', transient: true },
  host_not_found: { code: 'EXTRACTION_FAILED', transient: false },
  tls_error: { code: 'EXTRACTION_FAILED', transient: false },
  too_many_redirects: { code: 'EXTRACTION_FAILED', transient: false },
  bad_redirect: { code: 'EXTRACTION_FAILED', transient: false },
  rate_limited: { code: 'EXTRACTION_FAILED', transient: true },
  upstream_unavailable: { code: 'EXTRACTION_FAILED', transient: true },
  not_found: { code: 'EXTRACTION_FAILED', transient: false },
  access_denied: { code: 'EXTRACTION_FAILED', transient: false },
  http_error: { code: 'EXTRACTION_FAILED', transient: false },
  too_large: { code: 'PAYLOAD_TOO_LARGE', transient: false },

  // The content.
  unsupported_content: { code: 'UNSUPPORTED_FILE', transient: false },
  unsupported_file: { code: 'UNSUPPORTED_FILE', transient: false },
  not_a_word_file: { code: 'UNSUPPORTED_FILE', transient: false },
  not_a_document_archive: { code: 'UNSUPPORTED_FILE', transient: false },
  unsafe_zip_path: { code: 'UNSUPPORTED_FILE', transient: false },
  not_text: { code: 'UNSUPPORTED_FILE', transient: false },
  zip_too_large: { code: 'PAYLOAD_TOO_LARGE', transient: false },
  zip_too_many_entries: { code: 'PAYLOAD_TOO_LARGE', transient: false },
  zip_suspicious_ratio: { code: 'PAYLOAD_TOO_LARGE', transient: false },
  // A document that unpacks past the decompression budget (decompression-budget.ts).
  decompression_limit: { code: 'PAYLOAD_TOO_LARGE', transient: false },
  password_protected: { code: 'EXTRACTION_FAILED', transient: false },
  needs_ocr: { code: 'EXTRACTION_FAILED', transient: false },
  corrupt_file: { code: 'EXTRACTION_FAILED', transient: false },
  empty_document: { code: 'EXTRACTION_FAILED', transient: false },
  no_readable_text: { code: 'EXTRACTION_FAILED', transient: false },
  // A document that takes too long or too much memory to read fails the same way on every try.
  extraction_timeout: { code: 'EXTRACTION_FAILED', transient: false },
  too_complex: { code: 'EXTRACTION_FAILED', transient: false },
  // Pictures (OCR): refused by their header before anything decodes them.
  image_too_large: { code: 'PAYLOAD_TOO_LARGE', transient: false },
  // A TIFF of more pages than are read (TIFF_MAX_PAGES).
  too_many_pages: { code: 'PAYLOAD_TOO_LARGE', transient: false },
  truncated_file: { code: 'EXTRACTION_FAILED', transient: false },

  // YouTube. Blocks and rate limits are about our address, not the video: another attempt after a
  // back-off (or from another worker) can succeed, so they are transient; the job's bounded retries
  // keep that from becoming a loop. A PO token requirement is permanent for this client.
  transcripts_disabled: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  transcript_empty: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  video_unavailable: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  video_unplayable: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  age_restricted: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  consent_required: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  po_token_required: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  youtube_unparsable: { code: 'TRANSCRIPT_UNAVAILABLE', transient: false },
  too_many_requests: { code: 'TRANSCRIPT_UNAVAILABLE', transient: true },
  request_blocked: { code: 'TRANSCRIPT_UNAVAILABLE', transient: true },
} as const satisfies Record<string, { code: ErrorCode; transient: boolean }>;

export type ExtractionReason = keyof typeof EXTRACTION_REASONS;

export type ExtractionErrorOptions = {
  cause?: unknown;
  details?: Record<string, unknown>;
  /** From a Retry-After header, when the remote gave one. */
  retryAfterSeconds?: number;
};

/**
 * The one error extractors throw. `message` is shown to the user as the source's processing error,
 * so it says what is wrong with their link or file and, where they can, what to do about it.
 */
export class ExtractionError extends AppError {
  readonly reason: ExtractionReason;
  readonly transient: boolean;
  readonly retryAfterSeconds: number | undefined;

  constructor(reason: ExtractionReason, message: string, options: ExtractionErrorOptions = {}) {
    const { code, transient } = EXTRACTION_REASONS[reason];
    super(code, message, { cause: options.cause, details: { reason, ...options.details } });
    this.name = 'ExtractionError';
    this.reason = reason;
    this.transient = transient;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isExtractionError = (e: unknown): e is ExtractionError => e instanceof ExtractionError;

/**
 * Whether a failed extraction is worth retrying. Only extraction verdicts are judged here; what to do
 * with any other error (a bug, the database) is the job runner's call.
 */
export const isTransientExtractionError = (e: unknown) => isExtractionError(e) && e.transient;
