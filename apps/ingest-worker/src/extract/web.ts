import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ExtractionError } from './errors';
import { extractFile, type FileOptions } from './file';
import { htmlNodeToText, type DomNode } from './html-text';
import { assertOk, type Fetcher } from './safe-fetch';
import { firstLineTitle, normaliseInline, normaliseText } from './text';
import type { Extracted } from './types';

/**
 * A web page's article text: fetched through the SSRF-safe fetcher, reduced to the article by
 * Mozilla's Readability (the Firefox reader view) over linkedom, then walked into paragraphs and
 * heading sections. A link that answers with a document (a PDF, a Word file) is read as that
 * document, recognised by its bytes as much as by its content type.
 */

export type WebDeps = { fetch: Fetcher; file?: FileOptions };

/** Pages with less text than this after Readability are almost always sign-in walls or JS apps. */
export const MIN_PAGE_TEXT_CHARS = 25;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown']);

const mimeOf = (contentType: string | null) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? '';

/** The charset the server declared, else a BOM, else a <meta> in the first bytes, else UTF-8. */
export function decodeBody(body: Buffer, contentType: string | null): string {
  let charset = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) charset = 'utf-8';
  else if (body[0] === 0xff && body[1] === 0xfe) charset = 'utf-16le';
  else if (body[0] === 0xfe && body[1] === 0xff) charset = 'utf-16be';
  charset ??= /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(
    body.subarray(0, 4096).toString('latin1'),
  )?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    // An unknown label: UTF-8 is the best guess and keeps ASCII intact.
    return new TextDecoder('utf-8').decode(body);
  }
}

const looksLikeHtml = (body: Buffer) =>
  /^\s*(<!doctype html|<html|<head|<body|<!--)/i.test(body.subarray(0, 512).toString('latin1'));

const filenameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || null;
  } catch {
    return null;
  }
};

function fromHtml(
  html: string,
  url: string,
  finalUrl: string,
  contentType: string | null,
): Extracted {
  const { document } = parseHTML(html);
  // Readability rewrites the document; keep what it may drop.
  const documentTitle = normaliseInline(String(document.title ?? ''));
  const article = new Readability<DomNode>(document, {
    serializer: (node) => node as unknown as DomNode,
    // Readability drops classes; html-text.ts needs this one to leave out MediaWiki's "[edit]".
    classesToPreserve: ['mw-editsection'],
  }).parse();
  const root = article?.content ?? null;
  const { blocks, sections } = root ? htmlNodeToText(root) : { blocks: [], sections: [] };
  const text = normaliseText(blocks.join('\n\n'));
  if (text.length < MIN_PAGE_TEXT_CHARS) {
    throw new ExtractionError(
      'no_readable_text',
      'This page has no article text Mnemo can read. It may need JavaScript or a sign-in; try pasting the text or uploading a PDF instead.',
      { details: { url: finalUrl, chars: text.length } },
    );
  }
  const title = normaliseInline(article?.title ?? '') || documentTitle || firstLineTitle(text);
  return {
    kind: 'web',
    title,
    text,
    sections,
    meta: {
      url,
      finalUrl,
      contentType,
      byline: article?.byline ? normaliseInline(article.byline) : null,
      siteName: article?.siteName ?? null,
      lang: article?.lang ?? null,
      excerpt: article?.excerpt ? normaliseInline(article.excerpt) : null,
      publishedTime: article?.publishedTime ?? null,
    },
  };
}

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
