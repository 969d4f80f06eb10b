// What the offline study AI writes from each real fixture (issue 21): for every web page, PDF and
// Word file in ../shared/fixtures, the deck a guest would get (20 questions, multiple choice and
// free response) plus the summary and key points, with figures a reviewer can check and samples a
// person can rate. Run: pnpm bench:questions   (tsx bench/questions.ts). Prints; asserts nothing.
//
// Figures per source:
// - questions: how many were written (0 must come with a reason);
// - spread: the share of the source's fifths (by chunk position) that at least one question comes
//   from, and distinct chunks used over the chunks there are (a deck drawn from three sentences of
//   a long article scores low);
// - dup: pairs of questions about the same fact (the same answer, or most content words shared);
// - nested: multiple-choice options contained in, or containing, the correct answer ("Zealand" next
//   to "New Zealand"), and options that appear in the question itself (giveaways);
// - samples: three questions with their options and answers, for a person to rate.
// Set SAMPLES=0 for figures only, FIXTURE=<name> for one source. BENCH_QUESTION_FILES=<path>[,<path>…]
// reads those files instead of the fixtures (Markdown as its prose: no code blocks, tables, link
// targets or markup; .txt as it is; anything else through the worker's extractors), to rate cards on
// text the generator was never tuned on.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import type { GeneratedQuestion, TextChunk } from '../packages/ai/src/types';
import { webFixtureNames, webFixtureText } from '../packages/ai/src/providers/local/fixture-text';
import { createLocalStudyAi } from '../packages/ai/src/providers/local/index';
import { detectLanguage } from '../packages/ai/src/language';
// eslint-disable-next-line no-restricted-imports -- a bench, not an app: it reads files as the worker does
import { chunkText, type ChunkSection } from '../apps/ingest-worker/src/chunk/chunk';
// eslint-disable-next-line no-restricted-imports -- as above
import { extractFile } from '../apps/ingest-worker/src/extract/file';
// eslint-disable-next-line no-restricted-imports -- as above
import { inlinePdfReader } from '../apps/ingest-worker/src/extract/pdf';

const fixturesDir = () => join(import.meta.dirname, '../../shared/fixtures');
const TYPES: QuestionType[] = ['multiple_choice', 'free_response'];
const COUNT = 20;
const SAMPLES = Number(process.env.SAMPLES ?? 3);
const ONLY = process.env.FIXTURE;
const FILES = (process.env.BENCH_QUESTION_FILES ?? '')
  .split(',')
  .map((f) => f.trim())
  .filter((f) => f.length > 0);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

type Source = { name: string; title: string; sections: ChunkSection[]; text: string };

/**
 * Markdown as a reader sees its prose: code blocks, tables, HTML, images and link targets go,
 * headings and list items stay as lines of their own.
 */
function markdownProse(md: string): string {
  return md
    .replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>\n]+>/g, '')
    .replace(/^\s*\|.*\|\s*$/gm, '')
    .replace(/^\[[^\]]+\]:\s*\S+.*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2')
    .replace(/(?<![\w_])_([^_\n]+)_(?![\w_])/g, '$1')
    .replace(/(?<![\w*])\*([^*\n]+)\*(?![\w*])/g, '$1')
    .replace(/`([^`\n]+)`/g, '$1');
}

/** Files named in BENCH_QUESTION_FILES. */
async function fileSources(): Promise<Source[]> {
  const list: Source[] = [];
  for (const path of FILES) {
    const ext = extname(path).toLowerCase();
    const name = `file/${basename(join(path, '..'))}/${basename(path)}`;
    if (['.md', '.markdown', '.txt'].includes(ext)) {
      const raw = readFileSync(path, 'utf8');
      const text = ext === '.txt' ? raw : markdownProse(raw);
      list.push({ name, title: basename(path, ext), text, sections: [{ text }] });
      continue;
    }
    const x = await extractFile(
      { data: new Uint8Array(readFileSync(path)), filename: basename(path) },
      { pdf: { reader: inlinePdfReader } },
    );
    list.push({ name, title: x.title ?? basename(path), text: x.text, sections: x.sections });
  }
  return list;
}

/** Web pages as the AI tests read them (Readability); files through the worker's own extractors. */
async function sources(): Promise<Source[]> {
  if (FILES.length > 0) return fileSources();
  const list: Source[] = [];
  for (const name of webFixtureNames()) {
    const f = webFixtureText(name);
    list.push({ name: `web/${name}`, title: f.title, text: f.text, sections: [{ text: f.text }] });
  }
  for (const dir of ['pdf', 'docx']) {
    for (const file of readdirSync(join(fixturesDir(), dir)).sort()) {
      const data = readFileSync(join(fixturesDir(), dir, file));
      try {
        const x = await extractFile(
          { data: new Uint8Array(data), filename: file },
          { pdf: { reader: inlinePdfReader } },
        );
        list.push({
          name: `${dir}/${file}`,
          title: x.title ?? file,
          text: x.text,
          sections: x.sections,
        });
      } catch (err) {
        // Refused files (a password, not a Word file) are the worker's business, not the AI's.
        console.log(`${dir}/${file}: not read (${err instanceof Error ? err.message : String(err)})`);
      }
    }
  }
  return ONLY ? list.filter((s) => s.name.includes(ONLY)) : list;
}

const contentWords = (text: string) =>
  new Set(
    (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]{3,}/gu) ?? []).filter(
      (w) => !STOP.has(w),
    ),
  );
const STOP = new Set(
  'which what that this these those with from according source sources text following statement term best describes does about their there have been were they your into when where whom whose would could should'.split(
    ' ',
  ),
);

function answerOf(q: GeneratedQuestion): string {
  return (q.correctAnswerText ?? q.expectedAnswer ?? '').trim();
}

function duplicates(qs: readonly GeneratedQuestion[]): number {
  let pairs = 0;
  for (let i = 0; i < qs.length; i++) {
    for (let j = i + 1; j < qs.length; j++) {
      const a = qs[i]!;
      const b = qs[j]!;
      const sameAnswer = answerOf(a).length > 0 && answerOf(a).toLowerCase() === answerOf(b).toLowerCase();
      const wa = contentWords(`${a.question} ${answerOf(a)}`);
      const wb = contentWords(`${b.question} ${answerOf(b)}`);
      const shared = [...wa].filter((w) => wb.has(w)).length;
      const jaccard = shared / Math.max(1, wa.size + wb.size - shared);
      if (sameAnswer || jaccard >= 0.6) pairs++;
    }
  }
  return pairs;
}

function nested(qs: readonly GeneratedQuestion[]): { nested: number; giveaway: number } {
  let n = 0;
  let g = 0;
  for (const q of qs) {
    if (q.options.length === 0 || q.correctAnswerIndex === null) continue;
    const right = (q.options[q.correctAnswerIndex] ?? '').toLowerCase();
    q.options.forEach((o, i) => {
      const opt = o.toLowerCase();
      if (i !== q.correctAnswerIndex && (right.includes(opt) || opt.includes(right))) n++;
      if (opt.length > 2 && q.question.toLowerCase().includes(opt)) g++;
    });
  }
  return { nested: n, giveaway: g };
}

const ai = createLocalStudyAi();
console.log(
  `Offline study AI on the real fixtures — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}, load ${load()}`,
);
console.log(`${COUNT} questions a source (${TYPES.join(' + ')}), as a guest's first deck.\n`);

/**
 * Issue 21's rule for every fixture: a summary in whole sentences (none cut inside a quotation),
 * key concepts and questions, or a reason why not. The reason is the one the generation gives (a
 * source too short or filler text is refused with a message the learner reads).
 */
function summaryProblem(summary: string): string | null {
  if (summary.trim().length === 0) return 'no summary';
  const n = (re: RegExp) => (summary.match(re) ?? []).length;
  // German opens with „ and closes with “; English opens with “ and closes with ”.
  const german = n(/„/g) > 0;
  const balanced =
    n(/"/g) % 2 === 0 &&
    n(/«/g) === n(/»/g) &&
    (german ? n(/„/g) === n(/“/g) : n(/“/g) === n(/”/g));
  if (!balanced) return 'summary cut inside a quotation';
  if (!/[.!?…。！？]["”’»)]?$/u.test(summary.trim())) return 'summary does not end a sentence';
  return null;
}
const failing: string[] = [];

const totals = { sources: 0, empty: 0, questions: 0, fifths: 0, chunks: 0, dup: 0, nested: 0, giveaway: 0, options: 0, rewritten: 0, refused: 0 };
// Template wordings that copy the source or ask about a term without a question of their own.
const TEMPLATE = /completes this statement|what does the source say about|explain the term|explain what the source tells you|explain what it tells you about/i;
for (const source of await sources()) {
  const chunks: TextChunk[] = chunkText(source.sections).map((c, i) => ({
    chunkId: `${source.name}#${i}`,
    sourceId: source.name,
    sourceTitle: source.title,
    chunkIndex: i,
    content: c.content,
  }));
  const started = performance.now();
  let qs: GeneratedQuestion[] = [];
  let failure = '';
  try {
    qs = chunks.length > 0 ? await ai.generateQuestions({ chunks, count: COUNT, types: TYPES }) : [];
  } catch (err) {
    // What the learner would read: the public message when the error has one.
    failure =
      err instanceof Error
        ? ((err as { publicMessage?: string }).publicMessage ?? err.message)
        : String(err);
  }
  const ms = performance.now() - started;
  const summary = await ai.summarize({ title: source.title, text: source.text }).catch(() => '');
  const points = await ai.keyPoints({ title: source.title, text: source.text }).catch(() => []);

  const used = new Set(qs.map((q) => q.chunkId));
  const fifthsTotal = Math.min(5, chunks.length);
  const fifths = new Set(
    qs.map((q) => Math.floor((chunks.findIndex((c) => c.chunkId === q.chunkId) * 5) / Math.max(1, chunks.length))),
  );
  const dup = duplicates(qs);
  const { nested: nest, giveaway } = nested(qs);
  const options = qs.reduce((n, q) => n + q.options.length, 0);
  totals.sources++;
  if (qs.length === 0) totals.empty++;
  totals.questions += qs.length;
  totals.fifths += fifthsTotal > 0 ? fifths.size / fifthsTotal : 0;
  totals.chunks += chunks.length > 0 ? used.size / chunks.length : 0;
  totals.dup += dup;
  totals.nested += nest;
  totals.giveaway += giveaway;
  totals.options += options;
  totals.rewritten += qs.filter((q) => !TEMPLATE.test(q.question)).length;
  if (failure) totals.refused++;

  console.log(
    `${source.name} (${(source.text.match(/\S+/g) ?? []).length} words, ${chunks.length} chunks): ${qs.length} questions in ${ms.toFixed(0)} ms${failure ? ` — failed: ${failure}` : ''}; ` +
      `fifths ${fifths.size}/${fifthsTotal}, chunks ${used.size}/${chunks.length}, dup ${dup}, nested ${nest}, giveaway ${giveaway}; load ${load()}`,
  );
  const problem = summaryProblem(summary);
  const verdict =
    failure.length > 0
      ? `refused with a reason`
      : [problem, points.length === 0 ? 'no key concepts' : null, qs.length === 0 ? '0 questions and no reason' : null]
          .filter((x) => x !== null)
          .join(', ') || 'ok';
  if (verdict !== 'ok' && verdict !== 'refused with a reason') failing.push(`${source.name}: ${verdict}`);
  // The language the worker stores for the source, and how many key concepts are terms of several words.
  const multiWord = points.filter((p) => /\s/u.test(p.split(': ')[0] ?? '')).length;
  console.log(
    `  rule: language ${detectLanguage(source.text) ?? 'none'}; summary ${problem ?? 'whole sentences'}; ${points.length} key concepts (${multiWord} of several words); ${qs.length} questions${failure ? ` (reason: ${failure})` : ''} → ${verdict}`,
  );
  console.log(`  summary: ${summary.slice(0, 220).replace(/\s+/g, ' ')}${summary.length > 220 ? '…' : ''}`);
  console.log(`  key points: ${points.map((p) => p.split(':')[0]).join(' · ') || '(none)'}`);
  for (const q of qs.slice(0, SAMPLES)) {
    const opts = q.options.length > 0 ? ` [${q.options.map((o, i) => (i === q.correctAnswerIndex ? `*${o}*` : o)).join(' | ')}]` : '';
    console.log(`  - ${q.question}${opts}${q.expectedAnswer ? ` → ${q.expectedAnswer.slice(0, 140)}` : ''}`);
  }
  console.log('');
}

const n = Math.max(1, totals.sources);
console.log(
  `All: ${totals.sources} sources, ${totals.empty} with no questions, ${totals.questions} questions; ` +
    `mean fifths covered ${((totals.fifths / n) * 100).toFixed(0)}%, mean chunks used ${((totals.chunks / n) * 100).toFixed(0)}%; ` +
    `duplicate pairs ${totals.dup}; nested options ${totals.nested} and giveaways ${totals.giveaway} of ${totals.options} options; load ${load()}`,
);
console.log(
  failing.length === 0
    ? 'Every source has a summary in whole sentences, key concepts and questions, or a reason why not.'
    : `Sources failing the rule (summary, key concepts, questions or a reason): ${failing.length}\n  ${failing.join('\n  ')}`,
);
const withQuestions = Math.max(1, totals.sources - totals.empty);
console.log(
  `Over the ${totals.sources - totals.empty} sources with questions: mean fifths covered ${((totals.fifths / withQuestions) * 100).toFixed(0)}%, mean chunks used ${((totals.chunks / withQuestions) * 100).toFixed(0)}%; ` +
    `rewritten as questions (not a blank in a copied sentence, not "what does the source say about") ${totals.rewritten} of ${totals.questions}; sources refused with a reason ${totals.refused}`,
);
