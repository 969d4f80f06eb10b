import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ExtractionError } from './errors';
import { MIN_PAGE_TEXT_CHARS } from './html-body';
import { htmlNodeToText, type DomNode } from './html-text';
import { firstLineTitle, normaliseInline, normaliseText } from './text';
import type { Extracted } from './types';

/**
 * A web page's HTML to its article text, whether it came over a link (web.ts) or was uploaded as a
 * saved page (.html): Mozilla's Readability (the Firefox reader view) over linkedom, then walked
 * into paragraphs and heading sections.
 */

export { decodeBody, looksLikeHtml, MIN_PAGE_TEXT_CHARS } from './html-body';

export function fromHtml(
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

