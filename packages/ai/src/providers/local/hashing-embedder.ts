import type { Embedder } from '../../types';
import { throwIfAborted } from './abort';
import { hash32 } from './hash';
import { embedWords } from './embed-words';

/**
 * A deterministic embedding with no model: the "hashing trick" over three kinds of features of a
 * text, each hashed to one of `dimensions` slots with a hashed sign, then L2-normalised.
 * - words (Porter stems, so "founded" and "founding" share a feature), stop words at a quarter weight;
 * - pairs of neighbouring content words ("black box", "box monitoring"), for a little word order;
 * - character 3- and 4-grams of every content word, so spelling variants, compounds and typos
 *   ("monitoring" / "monitored" / "moniter") still overlap.
 * Counts are damped (1 + ln tf) so a repeated word does not swamp the vector.
 * Bump VERSION whenever features or weights change: vectors of different versions must never be
 * compared, and the version is part of the model name recorded on every chunk: the worker re-embeds
 * at boot every chunk whose recorded model is not the current one (ingest-worker's reembed-source).
 * v2: words of scripts other than Latin (Arabic, Cyrillic, Greek, Devanagari, Chinese...) are
 * features; v1 dropped them, so such a passage had an empty vector (`embed-words.ts`).
 */
const VERSION = 2;

const WORD = 1;
const STOP_WORD = 0.25;
const PAIR = 0.7;
// Spread over a word's n-grams, so a long word weighs about as much as a short one.
const NGRAMS_PER_WORD = 0.8;

export function hashingModelName(dimensions: number): string {
  return `mnemo-hash-v${VERSION}-${dimensions}`;
}

// One seed per kind of feature, so a word and an n-gram with the same letters are different features.
const WORD_SEED = 0x811c9dc5;
const PAIR_SEED = 0x9e3779b9;
const GRAM_SEED = 0x85ebca6b;

type Feature = { sum: number; count: number };

/**
 * Features of a text, keyed by their 32-bit hash (hashing slices in place instead of building
 * n-gram strings is most of the embedder's speed): per feature, the sum of its occurrences'
 * weights and how many there were.
 */
function features(text: string): Map<number, Feature> {
  const found = new Map<number, Feature>();
  const add = (h: number, weight: number) => {
    const f = found.get(h);
    if (f) {
      f.sum += weight;
      f.count++;
    } else found.set(h, { sum: weight, count: 1 });
  };
  let previous: string | null = null;
  for (const w of embedWords(text)) {
    if (w.stop) {
      add(hash32(w.stem, WORD_SEED), STOP_WORD);
      continue;
    }
    add(hash32(w.stem, WORD_SEED), WORD);
    if (previous !== null) add(hash32(`${previous} ${w.stem}`, PAIR_SEED), PAIR);
    previous = w.stem;
    const padded = `<${w.normal}>`;
    const grams = Math.max(0, padded.length - 2) + Math.max(0, padded.length - 3);
    const each = NGRAMS_PER_WORD / Math.max(1, grams);
    for (const n of [3, 4])
      for (let i = 0; i + n <= padded.length; i++) add(hash32(padded, GRAM_SEED, i, i + n), each);
  }
  return found;
}

/** The unit vector of one text. Exported for the grader, which compares an answer with the expected one. */
export function hashingVector(text: string, dimensions: number): number[] {
  const vector = new Float64Array(dimensions);
  for (const [h, { sum, count }] of features(text)) {
    const slot = h % dimensions;
    // The sign comes from a bit the slot hardly depends on, so collisions cancel out on average.
    const sign = (h >>> 31) & 1 ? -1 : 1;
    // Mean weight times a damped count.
    vector[slot] = (vector[slot] ?? 0) + sign * (sum / count) * (1 + Math.log(count));
  }
  let norm = 0;
  for (const v of vector) norm += v * v;
  if (norm === 0) {
    // No words at all (empty or symbols only): a fixed unit vector, as the contract wants unit length.
    vector[hash32('<empty>') % dimensions] = 1;
    return Array.from(vector);
  }
  const scale = 1 / Math.sqrt(norm);
  return Array.from(vector, (v) => v * scale);
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

/**
 * The offline embedder. Fine for retrieval by shared vocabulary; blind to synonyms and meaning
 * (see README.md in this folder).
 */
export function createHashingEmbedder(options: { dimensions: number }): Embedder {
  const { dimensions } = options;
  if (!Number.isInteger(dimensions) || dimensions < 8)
    throw new RangeError(`dimensions must be an integer >= 8, got ${dimensions}`);
  return {
    provider: 'local',
    model: hashingModelName(dimensions),
    dimensions,
    async embed(texts, embedOptions) {
      const vectors: number[][] = [];
      for (const text of texts) {
        throwIfAborted(embedOptions?.signal);
        vectors.push(hashingVector(text, dimensions));
      }
      return vectors;
    },
  };
}
