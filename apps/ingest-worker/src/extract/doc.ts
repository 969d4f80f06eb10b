import type WordExtractor from 'word-extractor';
import { ExtractionError } from './errors';
import { firstLineTitle, normaliseText } from './text';
import type { Extracted } from './types';

/**
 * Word 97-2003 (.doc) text with word-extractor. The format keeps no usable heading structure for
 * it, so the body is one section; footnotes and endnotes follow it as their own sections because
 * they are part of what the author wrote.
 */

// Stream names as the OLE2 directory spells them (UTF-16LE). A .docx saved with a password is an
// OLE2 container holding an EncryptedPackage; Excel, PowerPoint and Outlook files have no WordDocument.
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const WORD_DOCUMENT = Buffer.from('WordDocument', 'utf16le');

export async function extractDoc(data: Buffer): Promise<Extracted> {
  if (data.includes(ENCRYPTED_PACKAGE)) {
    throw new ExtractionError(
      'password_protected',
      'This document is password-protected. Save a copy without the password and upload it again.',
    );
  }
  if (!data.includes(WORD_DOCUMENT)) {
    throw new ExtractionError(
      'not_a_word_file',
      'This is an Office file but not a Word document. Upload a PDF, .doc or .docx file.',
    );
  }
  // Loaded with the first .doc, not at the worker's start (~6 MB of RSS; issue 25, idle memory).
  const { default: Extractor } = await import('word-extractor');
  let doc: WordExtractor.Document;
  try {
    doc = await new Extractor().extract(data);
  } catch (err) {
    throw new ExtractionError(
      'corrupt_file',
      'This Word document is damaged, so its text could not be read.',
      {
        cause: err,
      },
    );
  }
  const parts = [
    { heading: undefined, text: doc.getBody() },
    { heading: 'Footnotes', text: doc.getFootnotes() },
    { heading: 'Endnotes', text: doc.getEndnotes() },
  ]
    // Word ends every paragraph with a mark that word-extractor turns into one line break.
    .map((p) => ({ ...p, text: normaliseText(p.text.replace(/\n+/g, '\n\n')) }))
    .filter((p) => p.text);
  if (parts.length === 0) {
    throw new ExtractionError(
      'empty_document',
      'This document is empty: there is no text in it to build cards from.',
    );
  }
  const sections = parts.map((p) =>
    p.heading ? { heading: p.heading, text: p.text } : { text: p.text },
  );
  const text = sections.map((s) => (s.heading ? `${s.heading}\n\n${s.text}` : s.text)).join('\n\n');
  return { kind: 'doc', title: firstLineTitle(parts[0]!.text), text, sections, meta: {} };
}
