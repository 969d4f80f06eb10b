import { XMLParser } from 'fast-xml-parser';
import { ExtractionError } from './errors';
import { isWordMainPart } from './file-type';
import { htmlToText } from './html-text';
import { firstLineTitle, normaliseInline, normaliseText } from './text';
import type { Extracted } from './types';
import { assertZipSafe, DEFAULT_ZIP_LIMITS, readZipEntry, type ZipLimits } from './zip-guard';

/**
 * .docx text with mammoth. Its HTML rather than its raw text: headings become sections, tables
 * become rows and footnotes stay, all through the same HTML walker as web pages. The zip is checked
 * first (zip.ts) because mammoth unpacks whatever the file claims.
 */

/**
 * mammoth (and the zip library under it, ~12 MB of RSS) is loaded with the first Word document, not
 * when the worker starts: most workers idle, or read PDFs and pages (issue 25, idle memory).
 */
const loadMammoth = async () => (await import('mammoth')).default;

/** dc:title from docProps/core.xml, when the author set one. */
async function coreTitle(data: Buffer): Promise<string | null> {
  try {
    const xml = await readZipEntry(data, 'docProps/core.xml', 1024 * 1024);
    if (!xml) return null;
    const parsed = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(
      xml.toString('utf8'),
    ) as {
      coreProperties?: { title?: unknown };
    };
    const title = parsed.coreProperties?.title;
    return typeof title === 'string' && normaliseInline(title) ? normaliseInline(title) : null;
  } catch {
    return null;
  }
}

export async function extractDocx(
  data: Buffer,
  options: { zipLimits?: ZipLimits } = {},
): Promise<Extracted> {
  const entries = await assertZipSafe(data, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  if (!entries.some((e) => isWordMainPart(e.name))) {
    throw new ExtractionError(
      'not_a_word_file',
      'This file is a zip archive, not a Word document. Upload a PDF, .doc or .docx file.',
    );
  }
  const mammoth = await loadMammoth();
  // Images are not read at all (mammoth would otherwise inline each one as base64).
  const skipImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: data },
      { convertImage: skipImages, ignoreEmptyParagraphs: true, externalFileAccess: false },
    );
    html = result.value;
  } catch (err) {
    throw new ExtractionError(
      'corrupt_file',
      'This Word document is damaged, so its text could not be read.',
      {
        cause: err,
      },
    );
  }
  const { blocks, sections } = htmlToText(html);
  const text = normaliseText(blocks.join('\n\n'));
  if (!text) {
    throw new ExtractionError(
      'empty_document',
      'This document is empty: there is no text in it to build cards from.',
    );
  }
  // Footnote markers ("Ouch[1].") belong in the text, not in a title made from it.
  const title =
    (await coreTitle(data)) ??
    sections.find((s) => s.heading)?.heading ??
    firstLineTitle(text.replace(/\[\d+\]/g, ''));
  return { kind: 'docx', title, text, sections, meta: {} };
}
