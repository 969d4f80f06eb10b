import { ExtractionError } from './errors';
import { extractFile, type FileOptions } from './file';
import { decodeBody, looksLikeHtml, MIN_PAGE_TEXT_CHARS } from './html-body';
import { assertOk, type Fetcher } from './safe-fetch';
import { firstLineTitle, normaliseText } from './text';
import type { Extracted } from './types';

export { decodeBody, MIN_PAGE_TEXT_CHARS };

/**
 * A web page's article text: fetched through the SSRF-safe fetcher, reduced to the article by
 * Mozilla's Readability (the Firefox reader view) over linkedom, then walked into paragraphs and
 * heading sections. A link that answers with a document (a PDF, a Word file) is read as that
 * document, recognised by its bytes as much as by its content type.
 */

export type WebDeps = { fetch: Fetcher; file?: FileOptions };

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);

const mimeOf = (contentType: string | null) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? '';

const filenameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || null;
  } catch {
    return null;
  }
};

export async function extractWeb(url: string, deps: WebDeps): Promise<Extracted> {
  const response = assertOk(
    await deps.fetch(url, {
      headers: {
        accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5',
        'accept-language': 'en;q=0.9,*;q=0.5',
      },
    }),
  );
  const contentType = response.headers.get('content-type');
  const mime = mimeOf(contentType);
  const body = response.body;

  if (HTML_TYPES.has(mime) || ((mime === '' || mime.startsWith('text/')) && looksLikeHtml(body))) {
    // Loaded with the first page (linkedom and Readability): html-body.ts says why.
    const { fromHtml } = await import('./html-page');
    return fromHtml(decodeBody(body, contentType), url, response.url, contentType);
  }
  if (TEXT_TYPES.has(mime)) {
    const text = normaliseText(decodeBody(body, contentType));
    if (text.length < MIN_PAGE_TEXT_CHARS) {
      throw new ExtractionError('no_readable_text', 'This link has almost no text in it.', {
        details: { url: response.url },
      });
    }
    return {
      kind: 'web',
      title: firstLineTitle(text),
      text,
      sections: [{ text }],
      meta: { url, finalUrl: response.url, contentType },
    };
  }
  // Anything else may be a document; file detection reads the bytes and refuses what it cannot read.
  try {
    const extracted = await extractFile(
      { data: body, filename: filenameOf(response.url), contentType },
      deps.file,
    );
    return { ...extracted, meta: { ...extracted.meta, url, finalUrl: response.url, contentType } };
  } catch (err) {
    if (
      err instanceof ExtractionError &&
      (err.reason === 'unsupported_file' || err.reason === 'corrupt_file') &&
      !mime.includes('pdf')
    ) {
      throw new ExtractionError(
        'unsupported_content',
        `This link leads to ${mime || 'a file'} content, not a web page or a document Mnemo can read.`,
        { cause: err, details: { url: response.url, contentType } },
      );
    }
    throw err;
  }
}
