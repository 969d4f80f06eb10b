// Summaries and key concepts of the offline study AI on every web page, PDF and Word file in
// ../shared/fixtures (issue 21), without writing questions (bench/questions.ts does both, slowly).
// Run: pnpm bench:summaries   (tsx bench/summaries.ts). Prints; asserts nothing.
//
// Per source: the summary's first sentence (a person judges whether it states the main point), and
// whether the summary is whole sentences with its quotation marks balanced; every key concept,
// classed as
// - several words: a term of two words or more ("bounded evidence accumulation");
// - generic word: one word among GloVe's 5,000 most frequent English words or the lexicon's generic
//   nouns ("System", "Team");
// - fragment: a piece of something longer: three letters or fewer and not an acronym ("Com"), a
//   word the source mostly writes glued to a dot ("Org" of "mozilla.org"), a term with a function
//   word at its edge;
// - one word: any other single word ("Firefox", "Chlorophyll").
// FIXTURE=<name> runs one source; BENCH_SUMMARY_FILES=<path>[,<path>…] reads those files (.txt and
// Markdown as they are, anything else through the worker's extractors) instead of the fixtures;
// BENCH_SUMMARY_PAGES=<dir>[,<dir>…] reads every page folder in those directories, laid out as the
// web fixtures are (source.html, and Mozilla's expected-metadata.json: held-out pages of the same
// upstream test suite).
//
// The main point: where a page's metadata holds its publisher's own description (an editor's
// summary, not its first paragraph copied), the summary's opening sentence is compared with it:
// the share of the description's content stems the opening sentence holds (a person still rates
// the openings; this figure only backs the rating).
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, extname, join } from 'node:path';
import { pageText, webFixtureNames } from '../packages/ai/src/providers/local/fixture-text';
import { createLocalStudyAi } from '../packages/ai/src/providers/local/index';
import { GENERIC_NOUNS } from '../packages/ai/src/providers/local/lexicon';
import { textTerms } from '../packages/ai/src/providers/local/terms';
import { wordVectors } from '../packages/ai/src/providers/local/word-vectors';
import { detectLanguage } from '../packages/ai/src/language';
import { isUnusableTextError } from '../packages/ai/src/errors';
// eslint-disable-next-line no-restricted-imports -- a bench, not an app: it reads files as the worker does
import { extractFile } from '../apps/ingest-worker/src/extract/file';
// eslint-disable-next-line no-restricted-imports -- as above
import { inlinePdfReader } from '../apps/ingest-worker/src/extract/pdf';

const fixturesDir = () => join(import.meta.dirname, '../../shared/fixtures');
const ONLY = process.env.FIXTURE;
const PAGES = (process.env.BENCH_SUMMARY_PAGES ?? '')
  .split(',')
  .map((f) => f.trim())
  .filter((f) => f.length > 0);
const FILES = (process.env.BENCH_SUMMARY_FILES ?? '')
  .split(',')
  .map((f) => f.trim())
  .filter((f) => f.length > 0);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type Source = { name: string; title: string; text: string; description?: string };

async function read(path: string, name: string): Promise<Source> {
  const ext = extname(path).toLowerCase();
  if (['.md', '.markdown', '.txt'].includes(ext)) {
    const text = readFileSync(path, 'utf8');
    return { name, title: basename(path, ext), text };
  }
  const x = await extractFile(
    { data: new Uint8Array(readFileSync(path)), filename: basename(path) },
    { pdf: { reader: inlinePdfReader } },
  );
  return { name, title: x.title ?? basename(path), text: x.text };
}

async function sources(): Promise<Source[]> {
  if (FILES.length > 0) return Promise.all(FILES.map((f) => read(f, `file/${basename(f)}`)));
  const list: Source[] = [];
  if (PAGES.length > 0) {
    for (const dir of PAGES)
      for (const name of readdirSync(dir).sort()) {
        try {
          list.push({ ...pageText(join(dir, name), name), name: `page/${name}` });
        } catch {
          // Readability found no article: nothing to summarise.
        }
      }
    return ONLY ? list.filter((s) => s.name.includes(ONLY)) : list;
  }
  for (const name of webFixtureNames()) {
    const f = pageText(join(fixturesDir(), 'web', name), name);
    list.push({ ...f, name: `web/${name}` });
  }
  for (const dir of ['pdf', 'docx']) {
    for (const file of readdirSync(join(fixturesDir(), dir)).sort()) {
      try {
        list.push(await read(join(fixturesDir(), dir, file), `${dir}/${file}`));
      } catch {
        // Refused by the extractors (a password, not a Word file): not the AI's business.
      }
    }
  }
  return ONLY ? list.filter((s) => s.name.includes(ONLY)) : list;
}

type Kind = 'several words' | 'generic word' | 'fragment' | 'one word';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FUNCTION_WORDS = new Set(
  'the a an of in on at to for and or with by from as that this these those is are was were'.split(
    ' ',
  ),
);

function kindOf(term: string, text: string): Kind {
  const words = term.split(/\s+/u).filter((w) => w.length > 0);
  const edge = [words[0], words.at(-1)].map((w) => (w ?? '').toLowerCase());
  if (words.length > 1 && edge.some((w) => FUNCTION_WORDS.has(w))) return 'fragment';
  if (words.length > 1) return 'several words';
  const word = escape(words[0] ?? '');
  const count = (re: string, flags = 'gu') => text.match(new RegExp(re, flags))?.length ?? 0;
  const all = count(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'giu');
  // Glued to a dot ("org" of "mozilla.org"), or the second word of a name ("Zealand").
  const glued = count(`\\p{L}\\.${word}(?![\\p{L}])|(?<![\\p{L}])${word}\\.\\p{L}`, 'giu');
  const afterCapital = count(`(?<=\\p{Lu}\\p{L}*\\s)${word}(?![\\p{L}])`);
  if (all > 0 && (glued / all >= 0.5 || afterCapital / all >= 0.8)) return 'fragment';
  const lower = (words[0] ?? '').toLowerCase();
  const rank = wordVectors().rank(lower);
  const writtenLower = count(`(?<![\\p{L}])${escape(lower)}(?![\\p{L}])`) > 0;
  if (GENERIC_NOUNS.has(lower) || (writtenLower && rank !== undefined && rank < 5000))
    return 'generic word';
  return 'one word';
}

function summaryProblem(summary: string): string | null {
  if (summary.trim().length === 0) return 'no summary';
  const n = (re: RegExp) => (summary.match(re) ?? []).length;
  if (n(/"/g) % 2 !== 0 || n(/“/g) !== n(/”/g) || n(/«/g) !== n(/»/g))
    return 'cut inside a quotation';
  // Full stops of every script the fixtures and held-out texts use: Devanagari's danda ("।", "॥"),
  // Arabic's question mark, Urdu's full stop.
  if (!/[.!?…。！？।॥؟۔]["”’»)]?$/u.test(summary.trim())) return 'does not end a sentence';
  return null;
}

/**
 * The share of a description's content stems that a sentence holds, or null when there is no
 * description of its own: none, or the page's first words copied (Readability's fallback).
 */
function descriptionCover(opening: string, source: Source): number | null {
  const d = source.description?.trim();
  if (!d) return null;
  const head = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 60);
  if (source.text.replace(/\s+/g, ' ').includes(head(d))) return null;
  const wanted = textTerms(d);
  if (wanted.length < 3) return null;
  const have = new Set(textTerms(opening));
  return wanted.filter((t) => have.has(t)).length / wanted.length;
}

/** The summary's first sentence (ICU's sentence breaks). */
const opening = (summary: string) =>
  [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(summary)][0]?.segment.trim() ??
  '';

const ai = createLocalStudyAi();
const covers: number[] = [];
const totals: Record<Kind, number> = {
  'several words': 0,
  'generic word': 0,
  fragment: 0,
  'one word': 0,
};
let summaries = 0;
let broken = 0;
let refused = 0;
console.log(`summaries and key concepts, ${new Date().toISOString()}, load ${load()}`);
for (const source of await sources()) {
  const language = detectLanguage(source.text);
  // Filler (placeholder text, a blind text, cookie banners) is refused with the reason question
  // writing gives.
  let reason: string | undefined;
  const refuse = (e: unknown) => {
    if (isUnusableTextError(e)) reason = e.reason;
    return null;
  };
  const summary =
    (await ai.summarize({ title: source.title, text: source.text }).catch(refuse)) ?? '';
  const points =
    (await ai.keyPoints({ title: source.title, text: source.text }).catch(refuse)) ?? [];
  if (reason) {
    refused++;
    console.log(`\n${source.name} (${language ?? 'no language'}): refused, ${reason}`);
    continue;
  }
  if (summary.trim().length === 0 && points.length === 0) continue;
  summaries++;
  const problem = summaryProblem(summary);
  if (problem) broken++;
  console.log(
    `\n${source.name} (${language ?? 'no language'}): summary ${problem ?? 'whole sentences'}`,
  );
  console.log(
    `  opens: ${summary.slice(0, 260).replace(/\s+/g, ' ')}${summary.length > 260 ? '…' : ''}`,
  );
  const cover = descriptionCover(opening(summary), source);
  if (cover !== null) {
    covers.push(cover);
    console.log(
      `  description (${Math.round(cover * 100)}% of its stems in the opening): ${source.description?.replace(/\s+/g, ' ').slice(0, 200)}`,
    );
  }
  for (const p of points) {
    const at = p.indexOf(': ');
    const term = at > 0 ? p.slice(0, at) : p;
    const kind = kindOf(term, source.text);
    totals[kind]++;
    const why = p.slice(at + 2).replace(/\s+/g, ' ');
    console.log(`  [${kind}] ${term}: ${why.slice(0, 140)}${why.length > 140 ? '…' : ''}`);
  }
}
const all = Object.values(totals).reduce((a, b) => a + b, 0);
console.log(
  `\n${summaries} sources with a summary or key concepts; summaries not whole sentences: ${broken}; refused as filler: ${refused}`,
);
if (covers.length > 0)
  console.log(
    `openings against the publisher's description (${covers.length} sources with one): mean share of its stems ${(covers.reduce((a, b) => a + b, 0) / covers.length).toFixed(2)}, at least half of them in ${covers.filter((c) => c >= 0.5).length}`,
  );
console.log(
  `key concepts: ${all}; ${Object.entries(totals)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}; load ${load()}`,
);
