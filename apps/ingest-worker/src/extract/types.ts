/**
 * What every extractor returns. `sections` keep where each piece of text came from (a PDF page, a
 * caption time, a heading) so chunks can cite it; their shape is the chunker's input. `text` is the
 * whole source as one string for summaries and prompts, headings included.
 */
export type ExtractedSection = {
  text: string;
  page?: number;
  startSeconds?: number;
  heading?: string;
};

export type ExtractedKind =
  | 'web'
  | 'youtube'
  | 'pdf'
  | 'docx'
  | 'doc'
  | 'pptx'
  | 'epub'
  | 'txt'
  | 'md'
  | 'html'
  | 'image';

export type ExtractedMeta = {
  /** The link as given and where it ended after redirects (links only). */
  url?: string;
  finalUrl?: string;
  contentType?: string | null;
  byline?: string | null;
  siteName?: string | null;
  lang?: string | null;
  excerpt?: string | null;
  publishedTime?: string | null;
  /** PDFs. */
  pageCount?: number;
  /** Pages whose text was read by OCR (scans, pictures). */
  ocrPages?: number[];
  /** Pages that could not be read at all, named for the learner (also in `warnings`). */
  unreadablePages?: number[];
  /** YouTube. */
  videoId?: string;
  channel?: string | null;
  durationSeconds?: number | null;
  transcriptLanguage?: string;
  transcriptGenerated?: boolean;
  /** Which caption track the text came from, in words ("Captions in German (auto-generated)"). */
  captions?: string;
  /** Anything the extractor skipped that a user might miss (mammoth's warnings, pages without text). */
  warnings?: string[];
};

export type Extracted = {
  kind: ExtractedKind;
  title: string | null;
  text: string;
  sections: ExtractedSection[];
  meta: ExtractedMeta;
};
