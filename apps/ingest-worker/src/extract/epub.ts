import { posix } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import { ExtractionError } from './errors';
import { htmlNodeToText, type DomNode } from './html-text';
import { resolvePart, staysInside } from './office-xml';
import { firstLineTitle, normaliseInline, normaliseText } from './text';
import type { Extracted, ExtractedSection } from './types';
import {
  assertZipSafe,
  DEFAULT_ZIP_LIMITS,
  readZipEntries,
  readZipEntry,
  type ZipLimits,
} from './zip-guard';

/**
 * EPUB (2 and 3) text: the chapters in reading order (the package document's spine), each
 * chapter's XHTML walked by the same HTML-to-text code as web pages, so its headings become
 * sections. The zip passes the same guard as Word files first (zip-guard.ts); a reference that
 * climbs out of the book ("../../etc/passwd") is refused, as yauzl refuses such entry names.
 */

const MAX_META_BYTES = 1024 * 1024;
/** One chapter larger than this is not prose a learner reads. */
const MAX_CHAPTER_BYTES = 16 * 1024 * 1024;
const CHAPTER_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/x-dtbook+xml']);

const notAnEbook = (why: string) =>
  new ExtractionError('not_a_document_archive', `This file is not a readable EPUB e-book: ${why}.`);

const unsafe = (ref: string) =>
  new ExtractionError(
    'unsafe_zip_path',
    'This e-book refers to a file outside itself (a crafted archive), so it was not opened.',
    { details: { ref: ref.slice(0, 200) } },
  );

type Attrs = Record<string, string | undefined>;
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['rootfile', 'item', 'itemref', 'title'].includes(name),
});

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value && '#text' in value ? String((value as { '#text': unknown })['#text']) : '';

export async function extractEpub(
  data: Buffer,
  options: { zipLimits?: ZipLimits } = {},
): Promise<Extracted> {
  await assertZipSafe(data, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  const container = await readZipEntry(data, 'META-INF/container.xml', MAX_META_BYTES);
  if (!container) throw notAnEbook('it has no META-INF/container.xml');
  const rootfiles = (
    xml.parse(container.toString('utf8')) as { container?: { rootfiles?: { rootfile?: Attrs[] } } }
  ).container?.rootfiles?.rootfile;
  const opfRef = rootfiles?.find((r) => !r['media-type'] || r['media-type'] === 'application/oebps-package+xml')?.['full-path'];
  if (!opfRef) throw notAnEbook('its container names no package document');
  const opfPath = resolvePart('', opfRef);
  if (!staysInside(opfPath)) throw unsafe(opfRef);
  const opfXml = await readZipEntry(data, opfPath, MAX_META_BYTES);
  if (!opfXml) throw notAnEbook(`its package document ${opfPath} is missing`);

  const pkg = (
    xml.parse(opfXml.toString('utf8')) as {
      package?: {
        metadata?: { title?: unknown[] };
        manifest?: { item?: Attrs[] };
        spine?: { itemref?: Attrs[] };
      };
    }
  ).package;
  const base = posix.dirname(opfPath) === '.' ? '' : posix.dirname(opfPath);
  const manifest = new Map((pkg?.manifest?.item ?? []).filter((i) => i.id && i.href).map((i) => [i.id!, i]));
  const chapters: string[] = [];
  for (const ref of pkg?.spine?.itemref ?? []) {
    if (ref.linear === 'no') continue;
    const item = ref.idref ? manifest.get(ref.idref) : undefined;
    if (!item?.href || (item['media-type'] && !CHAPTER_TYPES.has(item['media-type']))) continue;
    const path = resolvePart(base, item.href);
    if (!staysInside(path)) throw unsafe(item.href);
    if (!chapters.includes(path)) chapters.push(path);
  }
  if (chapters.length === 0) throw notAnEbook('its reading order lists no chapters');

  const wanted = new Set(chapters);
  const files = await readZipEntries(data, (name) => wanted.has(name), MAX_CHAPTER_BYTES);
  const sections: ExtractedSection[] = [];
  const blocks: string[] = [];
  for (const path of chapters) {
    const file = files.get(path);
    if (!file) continue;
    const { document } = parseHTML(file.toString('utf8'));
    const chapterTitle = normaliseInline(String(document.title ?? ''));
    const body = (document.body ?? document.documentElement) as unknown as DomNode | null;
    if (!body) continue;
    const chapter = htmlNodeToText(body);
    blocks.push(...chapter.blocks);
    // A chapter that opens without a heading is still one chapter: its title names it.
    for (const [i, section] of chapter.sections.entries()) {
      sections.push(!section.heading && i === 0 && chapterTitle ? { ...section, heading: chapterTitle } : section);
    }
  }
  const text = normaliseText(blocks.join('\n\n'));
  if (!text) {
    throw new ExtractionError('empty_document', 'This e-book has no text in its chapters to build cards from.');
  }
  const declared = normaliseInline(textOf(pkg?.metadata?.title?.[0]));
  const title = declared || sections.find((s) => s.heading)?.heading || firstLineTitle(text);
  return { kind: 'epub', title, text, sections, meta: { pageCount: chapters.length } };
}
