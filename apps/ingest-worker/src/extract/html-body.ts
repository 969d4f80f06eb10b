/**
 * What a fetched body is and how it decodes, apart from html-page.ts so that reading a link does not
 * load linkedom and Readability (~4 MB of heap, more resident) into a worker that has not read a web
 * page yet: web.ts imports html-page.ts when a page is HTML (issue 25, idle memory).
 */

/** Pages with less text than this after Readability are almost always sign-in walls or JS apps. */
export const MIN_PAGE_TEXT_CHARS = 25;

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

export const looksLikeHtml = (body: Buffer) =>
  /^\s*(<!doctype html|<html|<head|<body|<!--)/i.test(body.subarray(0, 512).toString('latin1'));
