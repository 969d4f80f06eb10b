import { httpUrlSchema, linkSourceType, youtubeVideoId } from '@mnemo/contracts/api/sources';
import { UPLOAD_EXTENSIONS } from '@mnemo/contracts/api/upload';
import { cutSourceTitle, type Source, type SourceType } from '@mnemo/contracts/entities/source';
import { SOURCE_MESSAGES } from './source-messages';
import { isFinalStatus } from './source-progress';

/** A link the visitor typed, after the rules of spec 01 §5 and spec 02 §5. */
export interface CheckedLink {
  /** Trimmed, with https:// in front when no scheme was given. */
  url: string;
  type: Extract<SourceType, 'website' | 'youtube'>;
  /** The 11-character video id of a YouTube link, else null. */
  videoId: string | null;
}

export type LinkCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'ok'; link: CheckedLink };

/**
 * Trims the input and prepends https:// unless it already starts with http:// or https://
 * (either case). Empty input gives null: the spec ignores it.
 */
export function normalizeUrl(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A host a link can point at: a dotted name or an IP address, not a bare word like 'hello'. */
function hasRealHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host.includes('.') || host.startsWith('[');
}

/**
 * What makes two links the same: the same video for YouTube links (youtu.be/x and
 * youtube.com/watch?v=x), otherwise the parsed address (host case and default ports ignored) without
 * a trailing slash or fragment.
 */
export function linkIdentity(url: string): string {
  const videoId = youtubeVideoId(url);
  if (videoId) return `youtube:${videoId}`;
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return url.trim();
  }
}

/**
 * Checks one typed link against the rules and against the links already added (the draft's and, in
 * the deck area, the deck's own sources).
 */
export function checkLink(raw: string, existingUrls: readonly string[] = []): LinkCheck {
  const url = normalizeUrl(raw);
  if (url === null) return { kind: 'empty' };
  const parsed = httpUrlSchema.safeParse(url);
  if (!parsed.success || !hasRealHost(parsed.data)) {
    return { kind: 'invalid', message: SOURCE_MESSAGES.invalidUrl };
  }
  const identity = linkIdentity(parsed.data);
  if (existingUrls.some((existing) => linkIdentity(existing) === identity)) {
    return { kind: 'duplicate', message: SOURCE_MESSAGES.duplicateLink };
  }
  return {
    kind: 'ok',
    link: {
      url: parsed.data,
      type: linkSourceType(parsed.data),
      videoId: youtubeVideoId(parsed.data),
    },
  };
}

/**
 * The title a new link source is sent with: its address, cut to 50. A title equal to the address
 * (or file name) is a placeholder the ingest worker replaces with the page's own title.
 */
export const linkTitle = (url: string): string => cutSourceTitle(url);

/** The title a new document source is sent with: its file name, cut to 50. */
export const fileTitle = (filename: string): string => cutSourceTitle(filename);

/** The picker's accept attribute: '.pdf,.doc,.docx,.pptx,...', one entry per format in contracts. */
export const FILE_ACCEPT = UPLOAD_EXTENSIONS.join(',');

/** Whether a file may be added, by its extension (spec 01 §2.6's .pdf, .doc, .docx, and our additions). */
export function isAcceptedFile(filename: string): boolean {
  const lower = filename.trim().toLowerCase();
  return UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Spec 02 §5: extension pdf gives type PDF, anything else DOC. */
export function fileKind(filename: string): 'PDF' | 'DOC' {
  return filename.trim().toLowerCase().endsWith('.pdf') ? 'PDF' : 'DOC';
}

/** The label a source's type shows in lists. */
export function sourceTypeLabel(source: { type: SourceType; originalFilename?: string | null }) {
  switch (source.type) {
    case 'youtube':
      return 'YouTube';
    case 'website':
      return 'Website';
    case 'document':
      return source.originalFilename ? fileKind(source.originalFilename) : 'Document';
  }
}

/**
 * What stops the Add Source modal before it calls anything (spec 02 §5), or null. A source still
 * on its way (pending, processing, content-ready, flashcards-ready) blocks new ones: the server
 * refuses them too (SOURCES_PENDING).
 */
export function addSourcesBlocker(
  deckSources: readonly Pick<Source, 'processingStatus'>[],
  draft: { count: number; uploading: boolean },
): string | null {
  if (draft.count === 0) return SOURCE_MESSAGES.noSources;
  if (draft.uploading) return SOURCE_MESSAGES.uploadsRunning;
  if (deckSources.some((s) => !isFinalStatus(s.processingStatus))) {
    return SOURCE_MESSAGES.sourcesPending;
  }
  return null;
}
