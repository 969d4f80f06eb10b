import { z } from 'zod';
import { idSchema, successSchema } from '../common';
import { deckSchema } from '../entities/deck';
import { FREE_MAX_FILE_MB, SCHOLAR_MAX_FILE_MB } from '../limits';

/**
 * Deck exchange with Anki, Quizlet and spreadsheets (issue 24): export a deck as a file, import a
 * file as a new deck. The formats themselves are written and read by @mnemo/exchange; this module
 * is the wire contract both the deck service and the web app hold to.
 */

/** What a deck can be exported as: an Anki package, CSV (RFC 4180), Quizlet's text, Mnemo's JSON. */
export const EXPORT_FORMATS = ['apkg', 'csv', 'quizlet', 'json'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** What a file can be imported as: the export formats and tab-separated text. */
export const IMPORT_FORMATS = ['apkg', 'csv', 'tsv', 'quizlet', 'json'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;
/** The formats of delimited text, which the web app previews before importing. */
export const DELIMITED_FORMATS: readonly ImportFormat[] = ['csv', 'tsv', 'quizlet'];

/** Each export format's content type and file name ending. */
export const EXPORT_FILES: Readonly<Record<ExportFormat, { contentType: string; extension: string; label: string }>> = {
  apkg: { contentType: 'application/apkg', extension: '.apkg', label: 'Anki package (.apkg)' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: '.csv', label: 'CSV spreadsheet (.csv)' },
  quizlet: { contentType: 'text/plain; charset=utf-8', extension: '.txt', label: 'Quizlet text (.txt)' },
  json: { contentType: 'application/json; charset=utf-8', extension: '.json', label: 'Mnemo JSON (.json)' },
};

/** The name endings an import accepts, with the format each means when the form names none. */
export const IMPORT_EXTENSIONS: Readonly<Record<string, ImportFormat>> = {
  '.apkg': 'apkg',
  '.colpkg': 'apkg',
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.tab': 'tsv',
  '.txt': 'quizlet',
  '.json': 'json',
};

/** The format a file name says, or null when its ending is none of IMPORT_EXTENSIONS. */
export function importFormatOfFilename(name: string): ImportFormat | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return IMPORT_EXTENSIONS[name.slice(dot).toLowerCase()] ?? null;
}

/**
 * The downloaded file's name: the deck title without characters file systems refuse or that
 * could smuggle a path, cut to 80 characters, with the format's ending; 'deck' when nothing is left.
 */
export function exportFilename(title: string, format: ExportFormat): string {
  const base = [
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    ...title.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ').replace(/\s+/g, ' ').replace(/^[.\s]+/, '').trim(),
  ]
    .slice(0, 80)
    .join('')
    .trim();
  return `${base || 'deck'}${EXPORT_FILES[format].extension}`;
}

/**
 * A Content-Disposition header for an attachment (RFC 6266): an ASCII `filename` for old clients
 * and the exact name as UTF-8 in `filename*` (RFC 5987), so a title in any script survives.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// --- GET /decks/:id/export ---
export const exportDeckQuerySchema = z.object({
  format: exportFormatSchema.default('json').meta({ description: 'The file format; Mnemo JSON when absent.' }),
});
export type ExportDeckQuery = z.input<typeof exportDeckQuerySchema>;

// --- POST /decks/import and /decks/import/preview (multipart) ---
/** The multipart field of the file, as in POST /upload/document. */
export const IMPORT_FILE_FIELD = 'file';
const IMPORT_MAX_BYTES = SCHOLAR_MAX_FILE_MB * 1024 * 1024;
const importFile = z
  .file()
  .max(IMPORT_MAX_BYTES)
  .meta({
    description: `An Anki package, CSV, TSV, Quizlet text or Mnemo JSON file, at most ${FREE_MAX_FILE_MB} MB on the free plan and for guests, ${SCHOLAR_MAX_FILE_MB} MB on Scholar`,
  });

export const importDeckBodySchema = z.object({
  [IMPORT_FILE_FIELD]: importFile,
  /** The caller's space the new deck goes into. */
  studySpace: idSchema,
  /** The file's format; read from the file name's ending when absent. */
  format: importFormatSchema.optional(),
});

/** A line or note of the file that did not become a card, and why ('empty front'). */
export const skippedCardSchema = z.object({
  /** The line (delimited text) or note/item number (apkg, JSON), from 1. */
  line: z.number().int().min(1),
  reason: z.string(),
});
export type SkippedCard = z.infer<typeof skippedCardSchema>;

export const importDeckResponseSchema = successSchema.extend({
  deck: deckSchema,
  /** How many cards became questions of the new deck. */
  imported: z.number().int().min(0),
  skipped: z.array(skippedCardSchema),
});
export type ImportDeckResponse = z.output<typeof importDeckResponseSchema>;

export const importPreviewBodySchema = z.object({
  [IMPORT_FILE_FIELD]: importFile,
  /** csv, tsv or quizlet; read from the file name's ending, then the content, when absent. */
  format: importFormatSchema.optional(),
});

/** What the question's fields are filled from, per column: null for a column that is not imported. */
export const IMPORT_COLUMN_FIELDS = [
  'question',
  'answer',
  'options',
  'concepts',
  'explanation',
  'caseContext',
  'type',
  /** One option of several option columns ('Option 2'). */
  'option',
  /** Which option is right: its number, letter or text. */
  'correct',
  /** The source citation. */
  'source',
] as const;
export const importColumnFieldSchema = z.enum(IMPORT_COLUMN_FIELDS);

export const importPreviewResponseSchema = successSchema.extend({
  format: importFormatSchema,
  /** The separator detected: ',', '\t' or ';'. */
  separator: z.string().min(1).max(1),
  /** Whether the first line was taken as column names. */
  header: z.boolean(),
  columns: z.array(z.object({ name: z.string(), field: importColumnFieldSchema.nullable() })),
  /** The first rows as they will be read (at most 5). */
  rows: z.array(z.array(z.string())),
  /** How many rows (cards) the file holds, header excluded. */
  rowCount: z.number().int().min(0),
});
export type ImportPreviewResponse = z.output<typeof importPreviewResponseSchema>;
