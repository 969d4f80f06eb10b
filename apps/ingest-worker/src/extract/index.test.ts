import { readdirSync, readFileSync } from 'node:fs';
import { fixturePath } from '@mnemo/testing/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSource, normaliseText } from './index';
import { createSafeFetch, type Fetcher } from './safe-fetch';
import { failure, startServer, type TestServer } from './test-support';

let site: TestServer;
let fetch: Fetcher;

beforeAll(async () => {
  site = await startServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(readFileSync(fixturePath('web', 'quanta-1', 'source.html')));
  });
  fetch = createSafeFetch({ allowlist: [`127.0.0.1:${site.port}`] });
});
afterAll(() => site.close());

/** A fetcher that serves the recorded YouTube answers and remembers what was asked. */
function youtubeReplay(): Fetcher & { urls: string[] } {
  const urls: string[] = [];
  const answer = (name: string) => readFileSync(fixturePath('youtube', name));
  const replay: Fetcher = async (url) => {
    urls.push(url);
    const body = url.includes('/watch')
      ? answer('youtube.html')
      : url.includes('/youtubei/')
        ? answer('youtube.innertube.json')
        : answer('transcript.xml');
    return { url, status: 200, headers: new Headers(), body };
  };
  return Object.assign(replay, { urls });
}

describe('extractSource', () => {
  it('sends web links to the web extractor', async () => {
    const result = await extractSource({ kind: 'url', url: `${site.base}/article` }, { fetch });
    expect([result.kind, result.title]).toEqual(['web', 'The Hidden Heroines of Chaos']);
  });

  it('sends YouTube links (any of its hosts) to the YouTube extractor', async () => {
    for (const url of [
      'https://youtu.be/GJLlxj_dtq8',
      'https://m.youtube.com/watch?v=GJLlxj_dtq8',
      'https://music.youtube.com/watch?v=GJLlxj_dtq8',
    ]) {
      const replay = youtubeReplay();
      const result = await extractSource({ kind: 'url', url }, { fetch: replay });
      expect([url, result.kind, result.meta.videoId]).toEqual([url, 'youtube', 'GJLlxj_dtq8']);
      expect(replay.urls[0]).toBe('https://www.youtube.com/watch?v=GJLlxj_dtq8');
    }
  });

  it('refuses a YouTube link that is not a video rather than reading it as a page', async () => {
    const replay = youtubeReplay();
    const err = await failure(
      extractSource({ kind: 'url', url: 'https://www.youtube.com/@Dave2D' }, { fetch: replay }),
    );
    expect([err.code, err.reason]).toEqual(['INVALID_URL', 'not_a_video_link']);
    expect(replay.urls).toEqual([]);
  });

  it('refuses bad links before any request', async () => {
    const replay = youtubeReplay();
    for (const [url, reason] of [
      ['ftp://example.com/notes.pdf', 'unsupported_scheme'],
      ['https://me:pw@youtube.com/watch?v=GJLlxj_dtq8', 'credentials_in_url'],
      ['javascript:alert(1)', 'unsupported_scheme'],
      ['example.com/page', 'invalid_url'],
    ] as const) {
      const err = await failure(extractSource({ kind: 'url', url }, { fetch: replay }));
      expect([url, err.code, err.reason]).toEqual([url, 'INVALID_URL', reason]);
    }
    expect(replay.urls).toEqual([]);
  });

  it('sends uploaded files to the extractor their bytes call for', async () => {
    const noFetch: Fetcher = () => Promise.reject(new Error('files are never fetched'));
    const pdf = await extractSource(
      {
        kind: 'file',
        data: readFileSync(fixturePath('pdf', 'google-doc-document.pdf')),
        filename: 'doc.pdf',
        contentType: 'application/pdf',
      },
      { fetch: noFetch },
    );
    expect([pdf.kind, pdf.title]).toEqual(['pdf', 'PDF Example Document']);
    const docx = await extractSource(
      {
        kind: 'file',
        data: readFileSync(fixturePath('docx', 'tables.docx')),
        filename: 'tables.docx',
      },
      { fetch: noFetch },
    );
    expect(docx.kind).toBe('docx');
  });

  it('re-exports normaliseText for the pipeline', () => {
    expect(normaliseText(' a \n\n\n b ')).toBe('a\n\nb');
  });
});

describe('fixture coverage', () => {
  // Each of these files is read by a test that states its result or its error (pdf.test.ts,
  // docx.test.ts, web.test.ts, youtube.test.ts). A new fixture fails here until it gets one.
  const covered: Record<string, string[]> = {
    pdf: [
      'google-doc-document.pdf',
      'habibi.pdf',
      'inline-image.pdf',
      'libreoffice-writer-password.pdf',
      'minimal-document.pdf',
      'multicolumn.pdf',
      'pdflatex-4-pages.pdf',
    ],
    docx: [
      'empty.docx',
      'footnotes.docx',
      'not-a-docx.zip',
      'simple-list.docx',
      'single-paragraph.docx',
      'tables.docx',
      'underline.docx',
      'utf8-bom.docx',
    ],
    youtube: [
      'transcript.xml',
      'youtube.html',
      'youtube.innertube.json',
      'youtube_consent_page.html',
      'youtube_po_token_required.innertube.json',
      'youtube_request_blocked.innertube.json',
      'youtube_too_many_requests.html',
      'youtube_transcripts_disabled.innertube.json',
      'youtube_unplayable.innertube.json',
      'youtube_video_unavailable.innertube.json',
    ],
  };

  it.each(Object.keys(covered))('every file in %s/ has a test', (folder) => {
    expect(readdirSync(fixturePath(folder)).sort()).toEqual(covered[folder]);
  });

  it('every page in web/ is a source.html with its expected-metadata.json (web.test.ts reads them all)', () => {
    for (const page of readdirSync(fixturePath('web'))) {
      expect(readdirSync(fixturePath('web', page)).sort()).toEqual([
        'expected-metadata.json',
        'source.html',
      ]);
    }
  });
});
