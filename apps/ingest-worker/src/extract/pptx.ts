import { posix } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { ExtractionError } from './errors';
import { drawingParagraphs, relationships } from './office-xml';
import { firstLineTitle, normaliseInline, normaliseText } from './text';
import type { Extracted, ExtractedSection } from './types';
import { assertZipSafe, DEFAULT_ZIP_LIMITS, readZipEntries, type ZipLimits } from './zip-guard';

/**
 * PowerPoint (.pptx) text: every slide's text boxes and its speaker notes, one section per slide in
 * the order the presentation shows them (ppt/presentation.xml's slide list, not the part names),
 * the slide number kept as the section's page for citations. The zip passes the same guard as Word
 * files first (zip-guard.ts). No library reads .pptx text on Node without a heavy dependency, and
 * the parts are plain OOXML: fast-xml-parser reads them.
 */

/** One slide or notes part larger than this is not text a learner wrote. */
const MAX_PART_BYTES = 8 * 1024 * 1024;
const NOTES_REL = /\/notesSlide$/;
const SLIDE_REL = /\/slide$/;

const notAPresentation = () =>
  new ExtractionError(
    'not_a_document_archive',
    'This file is a zip archive, not a PowerPoint presentation. Upload a .pptx file saved by PowerPoint, Keynote, Google Slides or LibreOffice.',
  );

const attrs = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'p:sldId',
});

/** The relationship ids of the slides, in show order. */
function slideOrder(presentationXml: string): string[] {
  const parsed = attrs.parse(presentationXml) as {
    'p:presentation'?: { 'p:sldIdLst'?: { 'p:sldId'?: Record<string, string>[] } };
  };
  return (parsed['p:presentation']?.['p:sldIdLst']?.['p:sldId'] ?? [])
    .map((s) => s['r:id'])
    .filter((id): id is string => !!id);
}

const slideNumberOf = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/**
 * Titles writers put in a file nobody named: PowerPoint's own default, Google Slides' export,
 * pptxgenjs's. A deck named by one of these takes its first slide's heading instead.
 */
const DEFAULT_TITLE = /^(powerpoint presentation|untitled presentation|presentation\s*\d*|pptxgenjs presentation)$/i;

async function coreTitle(parts: Map<string, Buffer>): Promise<string | null> {
  const xml = parts.get('docProps/core.xml');
  if (!xml) return null;
  try {
    const parsed = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(
      xml.toString('utf8'),
    ) as { coreProperties?: { title?: unknown } };
    const title = typeof parsed.coreProperties?.title === 'string' ? normaliseInline(parsed.coreProperties.title) : '';
    return title && !DEFAULT_TITLE.test(title) ? title : null;
  } catch {
    return null;
  }
}

export async function extractPptx(
  data: Buffer,
  options: { zipLimits?: ZipLimits } = {},
): Promise<Extracted> {
  const entries = await assertZipSafe(data, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  if (!entries.some((e) => e.name === 'ppt/presentation.xml')) throw notAPresentation();
  const parts = await readZipEntries(
    data,
    (name) =>
      name === 'ppt/presentation.xml' ||
      name === 'ppt/_rels/presentation.xml.rels' ||
      name === 'docProps/core.xml' ||
      /^ppt\/(slides|notesSlides)\/(_rels\/)?[^/]+\.xml(\.rels)?$/.test(name),
    MAX_PART_BYTES,
  );
  let slideNames: string[];
  try {
    const rels = relationships(
      parts.get('ppt/_rels/presentation.xml.rels')?.toString('utf8') ?? '<Relationships/>',
      'ppt',
    );
    const byId = new Map(rels.filter((r) => SLIDE_REL.test(r.type)).map((r) => [r.id, r.target]));
    slideNames = slideOrder(parts.get('ppt/presentation.xml')!.toString('utf8'))
      .map((id) => byId.get(id))
      .filter((name): name is string => !!name && parts.has(name));
  } catch (err) {
    throw new ExtractionError('corrupt_file', 'This presentation is damaged, so its text could not be read.', {
      cause: err,
    });
  }
  // A presentation whose slide list cannot be followed still has its slides: in file-name order.
  if (slideNames.length === 0) {
    slideNames = [...parts.keys()]
      .filter((name) => /^ppt\/slides\/[^/]+\.xml$/.test(name))
      .sort((a, b) => slideNumberOf(a) - slideNumberOf(b));
  }

  const sections: ExtractedSection[] = [];
  let firstSlideTitle: string | null = null;
  slideNames.forEach((name, index) => {
    const page = index + 1;
    const slide = drawingParagraphs(parts.get(name)!.toString('utf8'));
    const relsName = posix.join(posix.dirname(name), '_rels', `${posix.basename(name)}.rels`);
    const notesName = relationships(
      parts.get(relsName)?.toString('utf8') ?? '<Relationships/>',
      posix.dirname(name),
    ).find((r) => NOTES_REL.test(r.type))?.target;
    const notesXml = notesName ? parts.get(notesName) : undefined;
    const notes = notesXml ? drawingParagraphs(notesXml.toString('utf8')) : [];
    const text = normaliseText(
      [slide.join('\n'), notes.length > 0 ? `Notes: ${notes.join('\n')}` : ''].filter(Boolean).join('\n\n'),
    );
    if (!text) return;
    const heading = slide[0] ? normaliseInline(slide[0]) : '';
    firstSlideTitle ??= heading || null;
    sections.push({ text, page, ...(heading ? { heading: `Slide ${page}: ${heading}` } : {}) });
  });
  const text = normaliseText(sections.map((s) => s.text).join('\n\n'));
  if (!text) {
    throw new ExtractionError(
      'empty_document',
      'This presentation has no text on its slides or in its notes to build cards from.',
    );
  }
  const title = (await coreTitle(parts)) ?? firstSlideTitle ?? firstLineTitle(text);
  return { kind: 'pptx', title, text, sections, meta: { pageCount: slideNames.length } };
}
