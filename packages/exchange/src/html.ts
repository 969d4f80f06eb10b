import { NodeHtmlMarkdown } from 'node-html-markdown';
import sanitizeHtml from 'sanitize-html';

/**
 * Mnemo keeps card text as markdown-ish plain text; Anki fields are HTML.
 *
 * Our own fields (written by writeApkg) are escaped text with <br> for line breaks, decoded
 * exactly. Anyone else's HTML is first sanitised to an allowlist (scripts, styles, iframes, event
 * handlers and javascript: URLs go), then converted to markdown. Media stay as text: an image as
 * its markdown reference, a sound as Anki's own `[sound:file.mp3]` marker.
 */

export function textToField(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n|\r|\n/g, '<br>');
}

export function fieldToText(field: string): string {
  return field
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'br', 'p', 'div', 'span', 'ul', 'ol', 'li',
    'code', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody',
    'tr', 'td', 'th', 'img', 'a', 'hr',
  ],
  allowedAttributes: { img: ['src', 'alt'], a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // A media file of the deck has a bare name ("heart.png"): keep it as text, it is not a URL.
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object'],
};

const markdown = new NodeHtmlMarkdown({ keepDataImages: false, useInlineLinks: true });

/** Someone else's field HTML as clean markdown (see the module comment). */
export function htmlToMarkdown(html: string): string {
  // An <img src> with a javascript:/data: URL is dropped; a bare file name stays.
  const clean = sanitizeHtml(html, {
    ...SANITIZE,
    exclusiveFilter: (frame) => frame.tag === 'img' && /^\s*(javascript|data|vbscript):/i.test(frame.attribs.src ?? ''),
  });
  return markdown
    .translate(clean)
    .replace(/\u00a0/g, ' ')
    // A <br> comes out as a markdown hard break ("  \n"); Mnemo's text keeps plain line breaks.
    .replace(/ {2,}\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The plain text Anki sorts and checksums a note by: tags and media gone, entities decoded. */
export function stripHtml(html: string): string {
  return fieldToText(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')).trim();
}
