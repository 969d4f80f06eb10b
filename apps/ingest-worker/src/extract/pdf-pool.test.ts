import { readFileSync } from 'node:fs';
import { fixturePath } from '@mnemo/testing/fixtures';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ExtractionError } from './errors';
import { extractPdf, inlinePdfReader } from './pdf';
import { createPdfPool, startPdfPool, type PdfPoolOptions } from './pdf-pool';

const pdf = (name: string) => readFileSync(fixturePath('pdf', name));

const pools: ReturnType<typeof createPdfPool>[] = [];
const pool = (threads: number, timeoutMs = 60_000, more: Partial<PdfPoolOptions> = {}) => {
  const p = createPdfPool({ threads, timeoutMs, ...more });
  pools.push(p);
  return p;
};
// One pool for the tests that do not time out: starting a thread from source costs a moment.
const three = pool(3);
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('PDF threads', () => {
  it('split a document between threads and give its pages back in order, as one thread reads them', async () => {
    for (const name of ['pdflatex-4-pages.pdf', 'multicolumn.pdf', 'minimal-document.pdf']) {
      const threaded = await extractPdf(pdf(name), { reader: three });
      const inline = await extractPdf(pdf(name), { reader: inlinePdfReader });
      expect(threaded).toEqual(inline);
    }
    const cut = await extractPdf(pdf('pdflatex-4-pages.pdf'), { reader: three, maxPages: 3 });
    expect(cut.sections.map((s) => s.page)).toEqual([1, 2, 3]);
    expect(cut.meta.warnings).toEqual(['Only the first 3 of 4 pages were read.']);
  }, 120_000);

  it('share their threads between documents read at the same time', async () => {
    const names = ['pdflatex-4-pages.pdf', 'multicolumn.pdf', 'google-doc-document.pdf', 'habibi.pdf'];
    const results = await Promise.all(names.map((n) => extractPdf(pdf(n), { reader: three })));
    expect(results.map((r) => r.meta.pageCount)).toEqual([4, 3, 1, 1]);
    expect(results[0]!.sections.map((s) => s.page)).toEqual([1, 2, 3, 4]);
  });

  it('stop a thread that reads past the time limit, fail the PDF for good with a clear message, and carry on with a new thread', async () => {
    // No PDF is read in 1 ms; what matters is what happens to a thread that runs out of time.
    const hasty = pool(2, 1);
    await hasty.warm();
    const err = await extractPdf(pdf('pdflatex-4-pages.pdf'), { reader: hasty }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExtractionError);
    const failure = err as ExtractionError;
    expect([failure.code, failure.reason, failure.transient]).toEqual([
      'EXTRACTION_FAILED',
      'extraction_timeout',
      false,
    ]);
    expect(failure.message).toMatch(/^This PDF took too long to read/);

    // The stopped threads are gone; the pool starts new ones (and loads pdf.js in them) on demand.
    await expect(hasty.warm()).resolves.toBeUndefined();
  });

  it('pass an extraction verdict from the thread on as the same error', async () => {
    const err = await extractPdf(pdf('libreoffice-writer-password.pdf'), { reader: three }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).reason).toBe('password_protected');
  });
});

describe('the worker\'s PDF threads', () => {
  it('start at worker start, before any PDF, load pdf.js and read a warm-up document without a warning', async () => {
    const warnings: unknown[] = [];
    const started = startPdfPool({ threads: 2, timeoutMs: 60_000 }, { info: () => {}, warn: (obj) => warnings.push(obj) });
    pools.push(started);
    expect(started.stats()).toEqual({ running: 2, recycled: 0 });
    // Warming again waits for the same threads; none is added.
    await started.warm();
    expect(started.stats()).toEqual({ running: 2, recycled: 0 });
    expect(warnings).toEqual([]);
  });

  it('are replaced by fresh ones after a number of tasks, returning their memory, and keep reading', async () => {
    const recycling = pool(1, 60_000, { recycleAfterTasks: 1 });
    const first = await extractPdf(pdf('pdflatex-4-pages.pdf'), { reader: recycling });
    expect(recycling.stats()).toEqual({ running: 1, recycled: 1 });
    const second = await extractPdf(pdf('pdflatex-4-pages.pdf'), { reader: recycling });
    expect(second.sections).toEqual(first.sections);
    expect(recycling.stats()).toEqual({ running: 1, recycled: 2 });
  }, 120_000);

  it('are replaced by fresh ones when idle after work, and not while they have read nothing', async () => {
    const idle = pool(1, 60_000, { recycleIdleMs: 20 });
    await idle.warm();
    await new Promise((r) => setTimeout(r, 100));
    expect(idle.stats()).toEqual({ running: 1, recycled: 0 });
    await extractPdf(pdf('multicolumn.pdf'), { reader: idle });
    await vi.waitFor(() => expect(idle.stats()).toEqual({ running: 1, recycled: 1 }), { timeout: 10_000 });
    // The fresh thread has read nothing: it stays.
    await new Promise((r) => setTimeout(r, 100));
    expect(idle.stats()).toEqual({ running: 1, recycled: 1 });
    expect((await extractPdf(pdf('multicolumn.pdf'), { reader: idle })).meta.pageCount).toBe(3);
  }, 120_000);
});

