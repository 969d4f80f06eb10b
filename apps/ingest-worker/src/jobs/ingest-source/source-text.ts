import { buffer } from 'node:stream/consumers';
import type { Storage } from '@mnemo/storage';
import { extractSource, type ExtractDeps } from '../../extract/index';
import { ExtractionError } from '../../extract/errors';
import type { Extracted } from '../../extract/types';
import type { ExtractedText, ExtractProgress, SourceToExtract } from './handler';

const textOf = (extracted: Extracted): ExtractedText => ({
  title: extracted.title,
  text: extracted.text,
  sections: extracted.sections,
  ...(extracted.meta.warnings?.length ? { warnings: extracted.meta.warnings } : {}),
  ...(extracted.meta.unreadablePages?.length
    ? { unreadablePages: extracted.meta.unreadablePages }
    : {}),
  ...(extracted.meta.captions ? { captions: extracted.meta.captions } : {}),
});

/**
 * The ingest job's `extract`: links through the SSRF-safe fetcher, documents from storage by the
 * reference the deck service recorded (never a path or URL the client gave), a unit of course
 * material from the text the curriculum split stored for it.
 */
export function createSourceExtractor({
  storage,
  ...deps
}: ExtractDeps & { storage: Pick<Storage, 'get'> }) {
  return async function extract(
    source: SourceToExtract,
    progress: ExtractProgress = {},
  ): Promise<ExtractedText> {
    // A unit of course material: its text was cut from the document by the curriculum split.
    if (source.unit) {
      if (!source.unit.text.trim()) {
        throw new ExtractionError('empty_document', 'This unit has no text to make questions from.');
      }
      return { title: null, text: source.unit.text, sections: [{ text: source.unit.text }] };
    }
    if (source.type === 'document') {
      if (!source.storageRef)
        throw new ExtractionError(
          'corrupt_file',
          'This document has no uploaded file. Please upload it again.',
        );
      const stored = await storage.get(source.storageRef);
      const data = await buffer(stored.body);
      const extracted = await extractSource(
        {
          kind: 'file',
          data,
          filename: source.originalFilename,
          contentType: source.contentType ?? stored.contentType,
        },
        progress.onOcrProgress
          ? { ...deps, file: { ...deps.file, onOcrProgress: progress.onOcrProgress } }
          : deps,
      );
      return textOf(extracted);
    }
    if (!source.url) throw new ExtractionError('invalid_url', 'This source has no link to read.');
    const extracted = await extractSource({ kind: 'url', url: source.url }, deps);
    return textOf(extracted);
  };
}
