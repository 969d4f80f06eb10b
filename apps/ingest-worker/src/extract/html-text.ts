import { parseHTML } from 'linkedom';
import { cleanSections, normaliseInline, normaliseText } from './text';
import type { ExtractedSection } from './types';

/**
 * Text from HTML that keeps its structure: one paragraph per block element, a line per <br>, a
 * table row as "cell | cell", and a new section at every heading so chunks can cite it. Web pages
 * (after Readability) and Word documents (mammoth's HTML) both go through here.
 *
 * The DOM is typed structurally: the app compiles without the DOM library, and linkedom's nodes
 * and Readability's output both have these few members.
 */
export type DomNode = {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?: (name: string) => string | null;
};

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'head',
  'title',
  'button',
  'select',
  'input',
  'textarea',
  'img',
  'video',
  'audio',
  'picture',
]);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'ul',
]);
const HEADING = /^h[1-6]$/;
// Stands for <br> while HTML whitespace is collapsed, then becomes a line break.
const LINE = '\u2028';

/** Collapses HTML whitespace (ASCII only, as browsers do) and keeps the <br>s. */
const collapse = (s: string) => s.replace(/[ \t\n\r\f]+/g, ' ').replaceAll(LINE, '\n');

export type HtmlText = { blocks: string[]; sections: ExtractedSection[] };

/** Elements that carry no text of the document: scripts, media, UI chrome. */
function skipped(node: DomNode): boolean {
  const tag = node.nodeName.toLowerCase();
  if (SKIP.has(tag)) return true;
  // Mammoth's footnote back-links ("↑") point back at the reference; they carry no text.
  if (tag === 'a' && /^#(footnote|endnote|comment)-ref-/.test(node.getAttribute?.('href') ?? ''))
    return true;
  // MediaWiki's "[edit]" beside every heading (Wikipedia and every wiki on its software).
  return /\bmw-editsection\b/.test(node.getAttribute?.('class') ?? '');
}

/** An element's text, minus what `skipped` leaves out (textContent would keep it). */
function textOf(node: DomNode): string {
  if (node.nodeType === TEXT_NODE) return node.nodeValue ?? '';
  if (node.nodeType !== ELEMENT_NODE || skipped(node)) return '';
  if (node.nodeName.toLowerCase() === 'br') return LINE;
  return Array.from(node.childNodes).map(textOf).join('');
}

export function htmlNodeToText(root: DomNode): HtmlText {
  const blocks: string[] = [];
  const sections: ExtractedSection[] = [];
  let current: { heading?: string; paragraphs: string[] } = { paragraphs: [] };
  let inline: string[] = [];

  const flush = () => {
    const text = normaliseText(collapse(inline.join('')));
    inline = [];
    if (!text) return;
    blocks.push(text);
    current.paragraphs.push(text);
  };
  const closeSection = () => {
    if (current.paragraphs.length > 0) {
      sections.push({
        text: current.paragraphs.join('\n\n'),
        ...(current.heading ? { heading: current.heading } : {}),
      });
    }
  };

  const visit = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      inline.push(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== 9 && node.nodeType !== 11) return;
    const tag = node.nodeName.toLowerCase();
    if (node.nodeType === ELEMENT_NODE && skipped(node)) return;
    if (tag === 'br') {
      inline.push(LINE);
      return;
    }
    if (HEADING.test(tag)) {
      flush();
      const heading = normaliseInline(collapse(textOf(node)));
      if (!heading) return;
      closeSection();
      blocks.push(heading);
      current = { heading, paragraphs: [] };
      return;
    }
    if (tag === 'tr') {
      flush();
      const cells = Array.from(node.childNodes)
        .filter((c) => c.nodeType === ELEMENT_NODE && /^t[dh]$/i.test(c.nodeName))
        .map((c) => normaliseInline(collapse(textOf(c))))
        .filter(Boolean);
      inline.push(cells.join(' | '));
      flush();
      return;
    }
    if (tag === 'pre') {
      flush();
      inline.push(textOf(node).replace(/\n/g, LINE));
      flush();
      return;
    }
    const block = BLOCK.has(tag);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) visit(child);
    if (block) flush();
  };

  visit(root);
  flush();
  closeSection();
  return { blocks, sections: cleanSections(sections) };
}

/** An HTML fragment (mammoth's output) as text. */
export function htmlToText(html: string): HtmlText {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return htmlNodeToText(document.body as unknown as DomNode);
}
