import { parse } from 'csv-parse/sync';
import { MULTIPLE_CHOICE_TYPES, QUESTION_TYPES, type QuestionType } from '@mnemo/contracts/entities/question';
import { assertCellSize, assertQuestionCount } from './cells';
import { exchangeError, isExchangeError } from './errors';
import { MAX_CELL_CHARS, MAX_IMPORT_QUESTIONS, MAX_TEXT_CHARS } from './limits';
import { displayAnswer, type ExchangeDeck, type ExchangeQuestion, type ImportResult, type SkippedItem } from './model';

/**
 * CSV (RFC 4180) and Quizlet text.
 *
 * Written CSV: UTF-8 with a byte-order mark (Excel reads a file without one as the local code page
 * and garbles accents; every other reader skips it), CRLF line ends, every field quoted when it holds
 * a quote, separator or line break, a header row. One column per option (`Option 1`…`Option N`, N
 * the most options of any question) so options never need a second separator and survive exactly.
 * Concepts are joined with "; ".
 *
 * Read: comma, tab or semicolon files, detected; a header is recognised by its column names
 * (aliases such as Front/Back, Term/Definition); without one the first column is the question and
 * the second the answer, which is what Quizlet exports (term TAB definition, no header).
 */

export const DELIMITED_SEPARATORS = [',', '\t', ';'] as const;
export type Separator = (typeof DELIMITED_SEPARATORS)[number];

/** The columns the reader understands. `option` columns carry their 0-based position. */
export type ColumnRole =
  | { role: 'question' }
  | { role: 'answer' }
  | { role: 'type' }
  | { role: 'option'; index: number }
  | { role: 'options' }
  | { role: 'correct' }
  | { role: 'caseContext' }
  | { role: 'explanation' }
  | { role: 'concepts' }
  | { role: 'source' }
  | { role: 'ignored' };

export type DelimitedColumn = { index: number; name: string; role: ColumnRole['role']; optionIndex?: number };

export type DelimitedPreview = {
  separator: Separator;
  hasHeader: boolean;
  /** The header's cells, or generated names (`Column 1`...) when the file has none. */
  header: string[];
  columns: DelimitedColumn[];
  /** The first rows after the header, cells as read. */
  rows: string[][];
  /** Rows in the file after the header (blank lines not counted). */
  totalRows: number;
};

export type DelimitedImportResult = ImportResult & { columns: DelimitedColumn[]; separator: Separator; hasHeader: boolean };

const CONCEPT_SEPARATOR = '; ';

const HEADER = {
  question: 'Question',
  answer: 'Answer',
  type: 'Type',
  correct: 'Correct',
  caseContext: 'Case context',
  explanation: 'Explanation',
  concepts: 'Concepts',
  source: 'Source',
} as const;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The deck as CSV (see the module comment for the layout). */
export function writeCsv(deck: ExchangeDeck): string {
  const optionCount = deck.questions.reduce((max, q) => Math.max(max, q.options.length), 0);
  const header = [
    HEADER.question,
    HEADER.answer,
    HEADER.type,
    ...Array.from({ length: optionCount }, (_, i) => `Option ${i + 1}`),
    HEADER.correct,
    HEADER.caseContext,
    HEADER.explanation,
    HEADER.concepts,
    HEADER.source,
  ];
  const lines = [header.map(csvField).join(',')];
  for (const q of deck.questions) {
    const options = Array.from({ length: optionCount }, (_, i) => q.options[i] ?? '');
    const row = [
      q.question,
      // The back of a multiple-choice card is its correct option; Correct says which.
      q.correctAnswerIndex === null ? displayAnswer(q) : '',
      q.questionType,
      ...options,
      q.correctAnswerIndex === null ? '' : String(q.correctAnswerIndex + 1),
      q.caseContext ?? '',
      q.explanation ?? '',
      q.concepts.join(CONCEPT_SEPARATOR),
      q.sourceCitation ?? '',
    ];
    lines.push(row.map(csvField).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Quizlet's import text keeps neither tabs nor line breaks inside a card: they become spaces / " / ". */
const quizletCell = (text: string) =>
  text
    .replace(/\t/g, ' ')
    .replace(/\r\n|\r|\n/g, ' / ')
    .replace(/ {2,}/g, ' ')
    .trim();

/**
 * Quizlet's "term TAB definition, one card a line" text. The term is the question, preceded by its
 * case and followed by its choices for multiple choice (Quizlet has no choices); the definition is
 * the answer.
 */
export function writeQuizlet(deck: ExchangeDeck): string {
  return deck.questions
    .map((q) => {
      const parts = [q.caseContext ? `${q.caseContext} —` : '', q.question];
      if (q.options.length > 0) {
        parts.push(q.options.map((o, i) => `(${String.fromCharCode(97 + (i % 26))}) ${o}`).join(' '));
      }
      return `${quizletCell(parts.filter(Boolean).join(' '))}\t${quizletCell(displayAnswer(q))}`;
    })
    .join('\n')
    .concat('\n');
}

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, ' ').trim();

function roleOf(name: string): ColumnRole {
  const n = norm(name);
  const option = /^(option|choice|answer option) ?(\d+)$/.exec(n) ?? /^([a-z])\)?$/.exec(n);
  if (option?.[2]) return { role: 'option', index: Number(option[2]) - 1 };
  if (['question', 'front', 'term', 'prompt', 'q', 'text'].includes(n)) return { role: 'question' };
  if (['answer', 'back', 'definition', 'a', 'expected answer', 'correct answer text'].includes(n)) return { role: 'answer' };
  if (['type', 'question type', 'kind'].includes(n)) return { role: 'type' };
  if (['options', 'choices'].includes(n)) return { role: 'options' };
  if (['correct', 'correct option', 'correct answer', 'correct index', 'correct answer index'].includes(n)) return { role: 'correct' };
  if (['case context', 'case', 'context', 'scenario'].includes(n)) return { role: 'caseContext' };
  if (['explanation', 'notes', 'note', 'extra'].includes(n)) return { role: 'explanation' };
  if (['concepts', 'concept', 'tags', 'tag'].includes(n)) return { role: 'concepts' };
  if (['source', 'source citation', 'citation', 'reference'].includes(n)) return { role: 'source' };
  return { role: 'ignored' };
}

/**
 * A record (one line of cells) longer than this is refused while it is being read: a 10 MB cell is
 * caught after a few hundred kilobytes instead of being buffered whole.
 */
const MAX_RECORD_CHARS = MAX_CELL_CHARS * 4;

function parseRows(
  text: string,
  separator: Separator,
  stop: { toLine?: number; toRecord?: number } = {},
): { rows: string[][]; lines: number[] } {
  const records = parse(text, {
    max_record_size: MAX_RECORD_CHARS,
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    ...(stop.toLine ? { to_line: stop.toLine } : {}),
    ...(stop.toRecord ? { to: stop.toRecord } : {}),
    // csv-parse's overloads type the result as plain records whatever `info` says; with `info: true`
    // each record is `{record, info}`.
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return { rows: records.map((r) => r.record), lines: records.map((r) => r.info.lines) };
}

/** The separator whose first lines split most evenly into the most columns. */
function detectSeparator(text: string): Separator {
  let best: { sep: Separator; score: number } = { sep: ',', score: -1 };
  for (const sep of DELIMITED_SEPARATORS) {
    let rows: string[][];
    try {
      rows = parseRows(text, sep, { toLine: 20 }).rows;
    } catch {
      continue;
    }
    if (rows.length === 0) continue;
    const counts = rows.map((r) => r.length);
    const first = counts[0] ?? 1;
    if (first < 2) continue;
    const even = counts.filter((c) => c === first).length / counts.length;
    const score = even * 10 + Math.min(first, 10) / 10;
    if (score > best.score) best = { sep, score };
  }
  return best.sep;
}

function columnsOf(header: string[]): { columns: DelimitedColumn[]; hasHeader: boolean } {
  const roles = header.map(roleOf);
  const hasHeader = roles.some((r) => r.role === 'question');
  if (!hasHeader) {
    // Quizlet and most flashcard exports: front, back, anything else ignored.
    return {
      hasHeader,
      columns: header.map((_, i) => ({
        index: i,
        name: `Column ${i + 1}`,
        role: i === 0 ? 'question' : i === 1 ? 'answer' : 'ignored',
      })),
    };
  }
  const seen = new Set<string>();
  return {
    hasHeader,
    columns: roles.map((r, i) => {
      const key = r.role === 'option' ? `option${r.index}` : r.role;
      // A second column with the same role is ignored rather than silently overwriting the first.
      const role = seen.has(key) ? 'ignored' : r.role;
      seen.add(key);
      return {
        index: i,
        name: header[i] ?? '',
        role,
        ...(r.role === 'option' && role === 'option' ? { optionIndex: r.index } : {}),
      };
    }),
  };
}

function checkText(text: string) {
  if (text.length > MAX_TEXT_CHARS) {
    throw exchangeError('EXCHANGE_TOO_MANY_ROWS', 'This file is too large to import; import it in smaller parts.', {
      details: { chars: text.length, max: MAX_TEXT_CHARS },
    });
  }
  if (!text.replace(/^\uFEFF/, '').trim()) throw exchangeError('EXCHANGE_EMPTY', 'This file is empty.');
}

/** What the web shows before importing: separator, header, column roles and the first rows. */
export function previewDelimited(text: string, options: { separator?: Separator; rows?: number } = {}): DelimitedPreview {
  checkText(text);
  const separator = options.separator ?? detectSeparator(text);
  const { rows } = parseRows(text, separator, { toRecord: (options.rows ?? 5) + 1 });
  const first = rows[0] ?? [];
  const { columns, hasHeader } = columnsOf(first);
  const body = hasHeader ? rows.slice(1) : rows;
  return {
    separator,
    hasHeader,
    header: columns.map((c) => c.name),
    columns,
    rows: body.slice(0, options.rows ?? 5).map((r) => r.map((c) => (c.length > 500 ? `${c.slice(0, 500)}…` : c))),
    totalRows: parseRows(text, separator, { toRecord: MAX_IMPORT_QUESTIONS + 2 }).rows.length - (hasHeader ? 1 : 0),
  };
}

type CsvParseError = Error & { code?: string; lines?: number };

const TYPE_ALIASES: Record<string, QuestionType> = {
  'multiple choice': 'multiple_choice',
  mcq: 'multiple_choice',
  'free response': 'free_response',
  'case multiple choice': 'case_multiple_choice',
  'case free response': 'case_free_response',
};

function typeOf(raw: string): QuestionType | null {
  const n = norm(raw);
  if (!n) return null;
  const exact = QUESTION_TYPES.find((t) => norm(t) === n);
  return exact ?? TYPE_ALIASES[n] ?? null;
}

/** "2", "B", "b)" or the option's own text → 0-based index. */
function correctIndex(raw: string, options: string[]): number | null {
  const t = raw.trim();
  if (!t) return null;
  if (/^\d+$/.test(t)) {
    const i = Number(t) - 1;
    return i >= 0 && i < options.length ? i : null;
  }
  const letter = /^([a-z])\)?$/i.exec(t);
  if (letter?.[1]) {
    const i = letter[1].toLowerCase().charCodeAt(0) - 97;
    return i < options.length ? i : null;
  }
  const i = options.findIndex((o) => o.trim() === t);
  return i >= 0 ? i : null;
}

/**
 * Reads CSV, TSV or Quizlet text into questions. A row without a question or an answer is skipped
 * with its line and reason; a file over the row cap or with an oversized cell is refused whole.
 */
export function readDelimited(text: string, options: { separator?: Separator; title?: string } = {}): DelimitedImportResult {
  checkText(text);
  const separator = options.separator ?? detectSeparator(text);
  let parsed: { rows: string[][]; lines: number[] };
  try {
    // A header and one record past the cap are enough to tell "too many" without reading the rest.
    parsed = parseRows(text, separator, { toRecord: MAX_IMPORT_QUESTIONS + 2 });
  } catch (cause) {
    if (isExchangeError(cause)) throw cause;
    const err = cause as CsvParseError;
    if (err.code === 'CSV_MAX_RECORD_SIZE') {
      throw exchangeError(
        'EXCHANGE_CELL_TOO_LARGE',
        `Line ${err.lines ?? '?'} holds a cell larger than a card can be (${MAX_CELL_CHARS.toLocaleString('en')} characters at most).`,
        { details: { line: err.lines, max: MAX_CELL_CHARS }, cause },
      );
    }
    throw exchangeError('EXCHANGE_BAD_FILE', `This file could not be read as ${separator === '\t' ? 'tab' : separator === ';' ? 'semicolon' : 'comma'}-separated text: ${(cause as Error).message}`, { cause });
  }
  const first = parsed.rows[0] ?? [];
  const { columns, hasHeader } = columnsOf(first);
  const start = hasHeader ? 1 : 0;
  assertQuestionCount(parsed.rows.length - start, 'rows');
  const questions: ExchangeQuestion[] = [];
  const skipped: SkippedItem[] = [];
  for (let r = start; r < parsed.rows.length; r++) {
    const row = parsed.rows[r] ?? [];
    const line = parsed.lines[r] ?? r + 1;
    row.forEach((cell, c) => assertCellSize(cell, `Line ${line}, column ${c + 1}`));
    const result = rowToQuestion(row, columns);
    if (typeof result === 'string') skipped.push({ line, reason: result });
    else questions.push(result);
  }
  if (questions.length === 0 && skipped.length === 0) throw exchangeError('EXCHANGE_EMPTY', 'This file has no cards.');
  if (questions.length > MAX_IMPORT_QUESTIONS) assertQuestionCount(questions.length, 'rows');
  return {
    deck: { title: options.title ?? 'Imported deck', sources: [], questions },
    skipped,
    columns,
    separator,
    hasHeader,
  };
}

function rowToQuestion(row: string[], columns: DelimitedColumn[]): ExchangeQuestion | string {
  const get = (role: ColumnRole['role']) => {
    const col = columns.find((c) => c.role === role);
    return col ? (row[col.index] ?? '').trim() : '';
  };
  const question = get('question');
  const answer = get('answer');
  const optionCells: { index: number; value: string }[] = columns
    .filter((c) => c.role === 'option')
    .map((c) => ({ index: c.optionIndex ?? 0, value: (row[c.index] ?? '').trim() }))
    .sort((a, b) => a.index - b.index);
  let options = optionCells.map((o) => o.value).filter((v) => v !== '');
  const joined = get('options');
  if (options.length === 0 && joined) options = joined.split(/\s*(?:\||\n)\s*/).filter(Boolean);
  const caseContext = get('caseContext') || null;
  const declared = typeOf(get('type'));
  if (!question) return 'empty front';
  const multiple = declared ? MULTIPLE_CHOICE_TYPES.includes(declared) : options.length >= 2;
  const questionType: QuestionType = declared ?? (multiple ? (caseContext ? 'case_multiple_choice' : 'multiple_choice') : caseContext ? 'case_free_response' : 'free_response');
  const concepts = get('concepts')
    .split(/\s*;\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
  const base = {
    question,
    questionType,
    caseContext,
    explanation: get('explanation') || null,
    sourceCitation: get('source') || null,
    concepts,
  };
  if (multiple) {
    if (options.length < 2) return 'multiple choice with fewer than two options';
    const index = correctIndex(get('correct') || answer, options);
    if (index === null) return 'no correct option';
    return { ...base, options, correctAnswerIndex: index, correctAnswerText: options[index] ?? null, expectedAnswer: null, answer: null };
  }
  if (!answer) return 'empty back';
  return { ...base, options: [], correctAnswerIndex: null, correctAnswerText: null, expectedAnswer: answer, answer: null };
}
