import { marked } from 'marked';
import { parseHTML } from 'linkedom';
import { ExtractionError } from './errors';
import { decodeBody, fromHtml } from './html-page';
import { htmlNodeToText, htmlToText, type DomNode } from './html-text';
import { firstLineTitle, normaliseInline, normaliseText } from './text';
import type { Extracted } from './types';

/**
 * Uploaded text: plain text (.txt), Markdown (.md, rendered by marked so its headings become
 * sections through the same HTML-to-text walk as Word files) and saved web pages (.html, through the
 * same Readability path as links). The sniffer (file-type.ts) has already checked the bytes are text.
 */

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what old editors save); a BOM wins. */
export function decodeText(data: Buffer): string {
  if (data[0] === 0xef || data[0] === 0xff || data[0] === 0xfe) return decodeBody(data, null);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

const empty = (what: string) =>
  new ExtractionError('empty_document', `This ${what} has no text in it to build cards from.`);

export type TextKind = 'txt' | 'md' | 'html';

export async function extractTextFile(data: Buffer, kind: TextKind): Promise<Extracted> {
  if (kind === 'html') return extractHtmlPage(data);
  const source = decodeText(data);
  if (kind === 'txt') {
    const text = normaliseText(source);
    if (!text) throw empty('text file');
    return { kind, title: firstLineTitle(text), text, sections: [{ text }], meta: {} };
  }
  const { blocks, sections } = htmlToText(await marked.parse(source, { async: true, gfm: true }));
  const text = normaliseText(blocks.join('\n\n'));
  if (!text) throw empty('Markdown file');
  const title = sections.find((s) => s.heading)?.heading ?? firstLineTitle(text);
  return { kind, title, text, sections, meta: {} };
}

/**
 * A saved page: the article as Readability finds it, as for a link; a page that is not an article
 * (notes, a table of contents) falls back to all the text of its body, since the learner chose it.
 */
function extractHtmlPage(data: Buffer): Extracted {
  const html = decodeBody(data, null);
  try {
    // A saved page has no link of its own: the page's other details stay.
    const page = fromHtml(html, '', '', 'text/html');
    const { url: _url, finalUrl: _finalUrl, ...meta } = page.meta;
    return { ...page, kind: 'html', meta };
  } catch (err) {
    if (!(err instanceof ExtractionError) || err.reason !== 'no_readable_text') throw err;
  }
  const { document } = parseHTML(html);
  const body = document.body as unknown as DomNode | null;
  const { blocks, sections } = body ? htmlNodeToText(body) : { blocks: [], sections: [] };
  const text = normaliseText(blocks.join('\n\n'));
  if (!text) throw empty('web page');
  const title = normaliseInline(String(document.title ?? '')) || firstLineTitle(text);
  return { kind: 'html', title, text, sections, meta: {} };
}
