import { readdirSync, readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { fixturePath } from '@mnemo/testing/fixtures';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type Fetcher } from './safe-fetch';
import { failure, startServer, type TestServer } from './test-support';
import { decodeBody, extractWeb } from './web';

// Every saved page under fixtures/web, served as a site would serve it.
const pages = readdirSync(fixturePath('web'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let site: TestServer;
let fetch: Fetcher;

beforeAll(async () => {
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, kind, name] = url.pathname.split('/');
    if (kind === 'page' && name && pages.includes(name)) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(readFileSync(fixturePath('web', name, 'source.html')));
    } else if (kind === 'paper.pdf') {
      res.setHeader('content-type', 'application/pdf');
      res.end(readFileSync(fixturePath('pdf', 'pdflatex-4-pages.pdf')));
    } else if (kind === 'download') {
      // A PDF behind a generic type and a name without extension, as many download links are.
      res.setHeader('content-type', 'application/octet-stream');
      res.end(readFileSync(fixturePath('pdf', 'google-doc-document.pdf')));
    } else if (kind === 'notes.docx') {
      res.setHeader(
        'content-type',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      res.end(readFileSync(fixturePath('docx', 'tables.docx')));
    } else if (kind === 'plain') {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('Plain notes\n\nMitochondria are the powerhouse of the cell.');
    } else if (kind === 'latin1') {
      res.setHeader('content-type', 'text/html; charset=iso-8859-1');
      const html = `<html><head><title>Caf\xe9</title></head><body><article><h1>Caf\xe9 cr\xe8me</h1><p>${'Le caf\xe9 est une boisson. '.repeat(30)}</p></article></body></html>`;
      res.end(Buffer.from(html, 'latin1'));
    } else if (kind === 'app') {
      res.setHeader('content-type', 'text/html');
      res.end(
        '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
      );
    } else if (kind === 'image') {
      res.setHeader('content-type', 'image/png');
      res.end(PNG);
    } else if (kind === 'gif') {
      // A format no extractor reads (pictures are read only as PNG, JPEG, WebP and TIFF).
      res.setHeader('content-type', 'image/gif');
      res.end(Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1'));
    } else if (kind === 'gone') {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    } else if (kind === 'busy') {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Try later</h1>');
    } else if (kind === 'huge') {
      res.setHeader('content-type', 'text/html');
      res.end(`<html><body><p>${'x'.repeat(2 * 1024 * 1024)}</p></body></html>`);
    } else if (kind === 'slow') {
      // Never answers.
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  fetch = createSafeFetch({ allowlist: [`127.0.0.1:${site.port}`] });
});

afterAll(() => site.close());

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** How many words Readability itself finds in a page's article (its textContent). */
function readabilityWords(name: string): number {
  const { document } = parseHTML(readFileSync(fixturePath('web', name, 'source.html'), 'utf8'));
  return words(new Readability(document).parse()?.textContent ?? '');
}

describe('extractWeb on real pages (Readability test pages)', () => {
  it('has the fixture pages to test', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
  });

  it.each(pages)(
    '%s: the title Readability expects, and substantial article text',
    async (name) => {
      const expected = JSON.parse(
        readFileSync(fixturePath('web', name, 'expected-metadata.json'), 'utf8'),
      ) as {
        title: string;
        byline?: string | null;
        siteName?: string | null;
      };
      const result = await extractWeb(`${site.base}/page/${name}`, { fetch });
      expect(result.kind).toBe('web');
      expect(result.title).toBe(expected.title.replace(/\s+/g, ' ').trim());
      // Substantial, and nothing of the article lost on the way from Readability to paragraphs.
      const article = readabilityWords(name);
      expect(result.text.length).toBeGreaterThan(1000);
      expect(words(result.text)).toBeGreaterThan(150);
      expect(words(result.text)).toBeGreaterThanOrEqual(Math.floor(article * 0.95));
      expect(result.sections.length).toBeGreaterThan(0);
      for (const s of result.sections) expect(s.text.trim()).not.toBe('');
      // Paragraphs survive (the chunker splits on them), and no markup leaks into the text.
      expect(result.text).toContain('\n\n');
      expect(result.text).not.toMatch(/<\/?(p|div|span|script)[\s>]/i);
      expect(result.meta.finalUrl).toBe(`${site.base}/page/${name}`);
      if (expected.siteName) expect(result.meta.siteName).toBe(expected.siteName);
    },
  );

  it('keeps headings as sections so chunks can cite them', async () => {
    const result = await extractWeb(`${site.base}/page/wikipedia`, { fetch });
    const headings = result.sections.map((s) => s.heading).filter(Boolean);
    expect(headings).toEqual(expect.arrayContaining(['History']));
    // The full text still carries each heading once, before its section.
    expect(result.text).toMatch(/\n\nHistory\n\n/);
  });
});

describe('extractWeb on other answers', () => {
  it('reads a linked PDF with the PDF extractor (by content type)', async () => {
    const result = await extractWeb(`${site.base}/paper.pdf`, { fetch });
    expect(result.kind).toBe('pdf');
    expect(result.meta.pageCount).toBe(4);
    expect(result.sections.map((s) => s.page)).toEqual([1, 2, 3, 4]);
    expect(result.meta.url).toBe(`${site.base}/paper.pdf`);
  });

  it('reads a PDF served as application/octet-stream (by its %PDF magic)', async () => {
    const result = await extractWeb(`${site.base}/download`, { fetch });
    expect(result.kind).toBe('pdf');
    expect(result.title).toBe('PDF Example Document');
  });

  it('reads a linked Word document', async () => {
    const result = await extractWeb(`${site.base}/notes.docx`, { fetch });
    expect(result.kind).toBe('docx');
    expect(result.text).toContain('Top left | Top right');
  });

  it('reads plain text, and decodes the charset the server declares', async () => {
    const plain = await extractWeb(`${site.base}/plain`, { fetch });
    expect([plain.kind, plain.title]).toEqual(['web', 'Plain notes']);
    const latin1 = await extractWeb(`${site.base}/latin1`, { fetch });
    expect(latin1.text).toContain('Le café est une boisson.');
  });

  it('refuses a page without article text (a JavaScript app) with a clear message', async () => {
    const err = await failure(extractWeb(`${site.base}/app`, { fetch }));
    expect([err.code, err.reason, err.transient]).toEqual([
      'EXTRACTION_FAILED',
      'no_readable_text',
      false,
    ]);
    expect(err.message).toMatch(/JavaScript or a sign-in/);
  });

  it('refuses content that is neither a page nor a document', async () => {
    const err = await failure(extractWeb(`${site.base}/gif`, { fetch }));
    expect([err.code, err.reason]).toEqual(['UNSUPPORTED_FILE', 'unsupported_content']);
    expect(err.message).toContain('image/gif');
  });

  it('reads a linked picture as one (issue 22), so a cut-off PNG gets the picture refusal', async () => {
    const err = await failure(extractWeb(`${site.base}/image`, { fetch }));
    expect(err.message).toContain('image is incomplete');
  });

  it('classifies a 404 as permanent and a 503 as transient', async () => {
    const gone = await failure(extractWeb(`${site.base}/gone`, { fetch }));
    expect([gone.code, gone.reason, gone.transient]).toEqual([
      'EXTRACTION_FAILED',
      'not_found',
      false,
    ]);
    const busy = await failure(extractWeb(`${site.base}/busy`, { fetch }));
    expect([busy.code, busy.reason, busy.transient]).toEqual([
      'EXTRACTION_FAILED',
      'upstream_unavailable',
      true,
    ]);
  });

  it('refuses a page over the size cap, and times out on a silent site', async () => {
    const small = createSafeFetch({ allowlist: [`127.0.0.1:${site.port}`], maxBytes: 1024 * 1024 });
    const big = await failure(extractWeb(`${site.base}/huge`, { fetch: small }));
    expect([big.code, big.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'too_large']);
    const quick = createSafeFetch({ allowlist: [`127.0.0.1:${site.port}`], timeoutMs: 150 });
    const slow = await failure(extractWeb(`${site.base}/slow`, { fetch: quick }));
    expect([slow.reason, slow.transient]).toEqual(['timeout', true]);
  });

  it('never fetches a blocked address, whatever the page', async () => {
    const strict = createSafeFetch({});
    const err = await failure(extractWeb(`${site.base}/page/bbc-1`, { fetch: strict }));
    expect(err.code).toBe('SSRF_BLOCKED');
  });
});

describe('decodeBody', () => {
  it('follows a BOM, then the declared charset, then a <meta charset>, else UTF-8', () => {
    expect(
      decodeBody(Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]), 'text/html; charset=latin1'),
    ).toBe('hi');
    expect(decodeBody(Buffer.from('caf\xe9', 'latin1'), 'text/html; charset=windows-1252')).toBe(
      'café',
    );
    expect(
      decodeBody(Buffer.from('<meta charset="iso-8859-1">caf\xe9', 'latin1'), 'text/html'),
    ).toContain('café');
    expect(decodeBody(Buffer.from('café'), 'text/html; charset=no-such-charset')).toBe('café');
  });
});
