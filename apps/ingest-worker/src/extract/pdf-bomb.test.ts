import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { extractPdf, inlinePdfReader } from './pdf';
import { createPdfPool } from './pdf-pool';
import { buildPdf, deflatedBomb } from './test-support';

/**
 * A PDF of about 1 MB whose page stream inflates to 1 GiB. pdf.js keeps a decoded stream in typed
 * arrays outside the JS heap, so a PDF thread's heap limit never saw it: the worker grew by 1.4-2.5 GB
 * per such file and kept it. The figure that matters is the worker process's resident memory, so
 * that is what this test watches, sampled while the document is read.
 */
const GiB = 1024 * 1024 * 1024;
/** The budget this test holds the worker to: resident memory above what it had before the bomb. */
const BUDGET_ABOVE_IDLE = 512 * 1024 * 1024;

const pool = createPdfPool({ threads: 2, timeoutMs: 120_000 });
afterAll(() => pool.close());

function watchRss() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage.rss());
  };
}

describe('a PDF decompression bomb', () => {
  it('is refused for good with a clear message, and the worker stays within its memory budget', async () => {
    const bomb = buildPdf({
      bytes: await deflatedBomb('BT /F1 12 Tf 20 250 Td (Inflated) Tj ET', GiB),
      filter: 'FlateDecode',
    });
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    await pool.warm();
    const idle = process.memoryUsage.rss();

    const stop = watchRss();
    const err = await extractPdf(bomb, { reader: pool }).then(
      () => null,
      (e: unknown) => e,
    );
    const peak = stop();

    expect(err).toBeInstanceOf(ExtractionError);
    const failure = err as ExtractionError;
    expect([failure.code, failure.reason, failure.transient]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'decompression_limit',
      false,
    ]);
    expect(failure.message).toMatch(/^This PDF unpacks to more than/);
    expect(peak - idle).toBeLessThan(BUDGET_ABOVE_IDLE);

    // The thread that read it was ended; the pool reads the next document with a new one.
    const next = await extractPdf(buildPdf('BT /F1 12 Tf 20 250 Td (After the bomb) Tj ET'), {
      reader: pool,
    });
    expect(next.text).toBe('After the bomb');
  }, 180_000);

  const MiB = 1024 * 1024;
  const inflating = (bytes: number) =>
    buildPdf({
      bytes: deflateSync(
        Buffer.concat([Buffer.from('BT /F1 12 Tf 20 250 Td (Text) Tj ET\n'), Buffer.alloc(bytes)]),
      ),
      filter: 'FlateDecode',
    });

  it('is refused when one stream unpacks past the budget of a stream', async () => {
    const err = await extractPdf(inflating(4 * MiB), {
      reader: inlinePdfReader,
      decompression: { maxStreamBytes: 1 * MiB, maxDocumentBytes: 100 * MiB },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).reason).toBe('decompression_limit');
    expect((err as ExtractionError).message).toMatch(
      /^This PDF unpacks to more than 1 MB in a single part/,
    );
  });

  it('is refused when the document unpacks past the budget of a document', async () => {
    const err = await extractPdf(inflating(4 * MiB), {
      reader: inlinePdfReader,
      decompression: { maxStreamBytes: 100 * MiB, maxDocumentBytes: 2 * MiB },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).reason).toBe('decompression_limit');
    expect((err as ExtractionError).message).toMatch(/^This PDF unpacks to more than 2 MB in all/);
  });

  it('leaves a document within the budget alone', async () => {
    const result = await extractPdf(inflating(4 * MiB), { reader: inlinePdfReader });
    expect(result.text).toBe('Text');
  });
});
