import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { sourceChunks, sources, type ChunkPosition } from '@mnemo/db/schema';
import type { Embedder } from '@mnemo/ai/types';
import { fixturePath } from '@mnemo/testing/fixtures';

/**
 * Test and bench data for retrieval: real article text from the shared web fixtures (pages nobody
 * here wrote), packed into chunks and embedded with a real embedder, as the ingest worker stores
 * them. Paragraphs are read straight from the saved page's <p> elements: enough for realistic
 * chunks without an extractor.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });

/** The paragraphs (25 words or more) of `web/<name>/source.html`, as plain text. */
export function fixtureParagraphs(name: string): string[] {
  const html = readFileSync(fixturePath('web', name, 'source.html'), 'utf8');
  return [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)]
    .map((m) => decode((m[1] ?? '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim())
    .filter((p) => p.split(' ').length >= 25);
}

/** Paragraphs packed, in order, into chunks of at most about `maxWords` words. */
export function packChunks(paragraphs: readonly string[], maxWords = 200): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const p of paragraphs) {
    const n = p.split(' ').length;
    if (words > 0 && words + n > maxWords) {
      chunks.push(current.join('\n\n'));
      current = [];
      words = 0;
    }
    current.push(p);
    words += n;
  }
  if (current.length > 0) chunks.push(current.join('\n\n'));
  return chunks;
}

export type SeededSource = { id: string; title: string; chunks: string[] };

/**
 * A processed source of the deck with these chunks, embedded by `embedder` (or stored with
 * `model` instead of the embedder's name, to play chunks of an older model).
 */
export async function seedSource(
  db: Db,
  deckId: string,
  title: string,
  chunks: readonly string[],
  embedder: Embedder,
  options: { model?: string; vectors?: number[][]; positions?: ChunkPosition[] } = {},
): Promise<SeededSource> {
  const [source] = await db
    .insert(sources)
    .values({ deckId, type: 'website', title: title.slice(0, 50), processingStatus: 'completed' })
    .returning({ id: sources.id, title: sources.title });
  const vectors = options.vectors ?? (await embedder.embed(chunks));
  for (let start = 0; start < chunks.length; start += 500) {
    await db.insert(sourceChunks).values(
      chunks.slice(start, start + 500).map((content, i) => ({
        sourceId: source!.id,
        deckId,
        chunkIndex: start + i,
        content,
        tokenCount: Math.ceil(content.split(/\s+/).length / 0.75),
        embedding: vectors[start + i]!,
        embeddingModel: options.model ?? embedder.model,
        position: options.positions?.[start + i] ?? {},
      })),
    );
  }
  return { id: source!.id, title: source!.title, chunks: [...chunks] };
}

/** Refreshes planner statistics after a bulk insert. */
export const analyze = (db: Db) => db.execute(sql`analyze source_chunks`);
