import type { Source } from '@mnemo/contracts/entities/source';
import type { Storage } from '@mnemo/storage';
import type { SourceRow } from './sources.repository';

/**
 * What the API shows of a source: never the raw row. A document's download link is made fresh on
 * every read, because an S3 presigned link expires; the one stored at upload time is the fallback.
 */
export async function presentSource(
  row: SourceRow,
  { storage, withContent }: { storage: Pick<Storage, 'downloadUrl'>; withContent: boolean },
): Promise<Source> {
  const downloadUrl = row.storageRef ? await storage.downloadUrl(row.storageRef).catch(() => row.downloadUrl) : row.downloadUrl;
  return {
    _id: row.id,
    type: row.type,
    url: row.url,
    title: row.title,
    originalFilename: row.originalFilename,
    filename: row.filename,
    storageRef: row.storageRef,
    downloadUrl,
    contentType: row.contentType,
    sizeInBytes: row.sizeInBytes,
    summary: row.summary,
    keyPoints: row.keyPoints,
    ...(withContent ? { content: row.content } : {}),
    processingStatus: row.processingStatus,
    deckId: row.deckId,
    processingError: row.processingError,
    language: row.language,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
