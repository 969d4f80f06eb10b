import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { fixturesDir } from '@mnemo/testing/fixtures';
import type { TextChunk } from '../../types';

/**
 * Test and bench helper (not exported by the package): the real web-page fixtures turned into plain
 * text the way an extractor would, so the offline provider is measured on documents nobody here
 * wrote. Paragraph breaks are kept (blank lines) because real extractors keep them.
 */

const BLOCKS =
  'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, dd, dt, figcaption, caption, td, th, tr, div, section, article, header, footer, table, ul, ol';

export type FixtureText = { name: string; title: string; text: string };

export function webFixtureNames(): string[] {
  const dir = join(fixturesDir(), 'web');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

const cache = new Map<string, FixtureText>();

/** The readable text of `web/<name>/source.html`, paragraphs separated by blank lines. */
export function webFixtureText(name: string): FixtureText {
  const cached = cache.get(name);
  if (cached) return cached;
  const result = pageText(join(fixturesDir(), 'web', name), name);
  cache.set(name, result);
  return result;
}

/**
 * The readable text of a page folder laid out as the fixtures are (`source.html`, and Mozilla's
 * `expected-metadata.json` when there is one): the bench reads pages beyond the fixtures with it.
 * `description` is the page's own summary when its metadata has one (the publisher's description).
 */
export function pageText(dir: string, name: string): FixtureText & { description?: string } {
  const html = readFileSync(join(dir, 'source.html'), 'utf8');
  const { document } = parseHTML(html);
  // The package's typings want a DOM Document; this project compiles without the DOM library.
  const article = new Readability(
    document as unknown as ConstructorParameters<typeof Readability>[0],
  ).parse();
  if (!article?.content) throw new Error(`Readability found no article in ${dir}`);
  const text = htmlToText(article.content);
  let description: string | undefined;
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'expected-metadata.json'), 'utf8')) as {
      excerpt?: unknown;
    };
    if (typeof meta.excerpt === 'string') description = meta.excerpt;
  } catch {
    // No metadata beside the page: no description.
  }
  return { name, title: article.title ?? name, text, ...(description ? { description } : {}) };
}

function htmlToText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const br of document.querySelectorAll('br')) br.replaceWith('\n');
  // Blank lines around every block so paragraphs, list items and headings stay apart.
  for (const el of document.querySelectorAll(BLOCKS)) {
    el.before('\n\n');
    el.after('\n\n');
  }
  const raw: string = document.body.textContent ?? '';
  return raw
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0)
    .join('\n\n');
}

/**
 * Paragraph-packing chunker for tests and the bench (the ingest worker has its own): paragraphs are
 * packed up to about `maxWords` words; a longer paragraph is cut at sentence ends.
 */
export function chunkFixture(
  fixture: { title: string; text: string },
  options: { sourceId: string; maxWords?: number },
): TextChunk[] {
  const maxWords = options.maxWords ?? 375;
  const pieces: string[] = [];
  for (const para of fixture.text.split(/\n\s*\n/)) {
    const words = para.split(/\s+/).length;
    if (words <= maxWords) pieces.push(para);
    else pieces.push(...para.split(/(?<=[.!?])\s+(?=[A-Z])/));
  }
  const chunks: TextChunk[] = [];
  let current: string[] = [];
  let count = 0;
  const flush = () => {
    if (current.length === 0) return;
    const index = chunks.length;
    chunks.push({
      chunkId: `${options.sourceId}-c${index}`,
      sourceId: options.sourceId,
      sourceTitle: fixture.title,
      chunkIndex: index,
      content: current.join('\n\n'),
    });
    current = [];
    count = 0;
  };
  for (const piece of pieces) {
    const words = piece.split(/\s+/).length;
    if (count + words > maxWords) flush();
    current.push(piece);
    count += words;
  }
  flush();
  return chunks;
}
