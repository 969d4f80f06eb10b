// Figures for the deck exchange formats (packages/exchange): writing and reading a 5,000-card deck
// as .apkg, CSV, Quizlet text and Mnemo JSON, with the learner's history (the heaviest export).
// The target is ≤ 3 s for export and for import of such a deck including the service; this
// measures the format layer alone. Run: pnpm bench:exchange. Prints figures; asserts nothing.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { readApkg, writeApkg } from '../packages/exchange/src/apkg';
import { readDelimited, writeCsv, writeQuizlet } from '../packages/exchange/src/delimited';
import { readJson, writeJson } from '../packages/exchange/src/json';
import { loadSqlJs } from '../packages/exchange/src/sqlite';
import { bigDeck } from '../packages/exchange/test/sample-deck';

const CARDS = Number(process.argv[2] ?? 5000);
const ROUNDS = 3;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const out = await fn();
  return [performance.now() - start, out];
}

async function main() {
  const deck = bigDeck(CARDS);
  console.log(`exchange bench: ${CARDS} cards, ${cpus().length} cores, node ${process.version}, load ${load()}`);
  const [wasm] = await time(() => loadSqlJs());
  console.log(`sql.js wasm load (once per process): ${wasm.toFixed(0)} ms`);
  const formats = {
    apkg: { write: () => writeApkg(deck, { includeReview: true }), read: (b: Uint8Array) => readApkg(b) },
    csv: { write: () => writeCsv(deck), read: (t: string) => readDelimited(t) },
    quizlet: { write: () => writeQuizlet(deck), read: (t: string) => readDelimited(t) },
    json: { write: () => writeJson(deck), read: (t: string) => readJson(t) },
  } as const;
  const rows: string[] = [];
  for (const [name, f] of Object.entries(formats)) {
    const writes: number[] = [];
    const reads: number[] = [];
    let size = 0;
    let cards = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const [w, out] = await time(() => f.write());
      writes.push(w);
      size = typeof out === 'string' ? Buffer.byteLength(out) : out.byteLength;
      // The union of read signatures is narrowed by the format's own write output.
      const [rd, result] = await time(() => (f.read as (x: typeof out) => ReturnType<typeof f.read>)(out));
      reads.push(rd);
      cards = (await result).deck.questions.length;
    }
    rows.push(
      `| ${name.padEnd(7)} | ${median(writes).toFixed(0).padStart(6)} ms | ${median(reads).toFixed(0).padStart(6)} ms | ${(size / 1024 / 1024).toFixed(2)} MB | ${cards} |`,
    );
  }
  console.log('| format  | write (median of 3) | read (median of 3) | file | cards read |');
  console.log('| ------- | ------ | ------ | ---- | ---- |');
  for (const row of rows) console.log(row);
  console.log(`load after: ${load()}`);
}

void main();
