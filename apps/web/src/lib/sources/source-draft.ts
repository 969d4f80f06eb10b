import type { AddSourceBody } from '@mnemo/contracts/api/sources';
import type { UploadedFile } from '@mnemo/contracts/api/upload';
import { fileTitle, linkTitle, type CheckedLink } from './source-rules';
import type { SizedItem } from './source-size';

/**
 * The content a visitor has added but not yet turned into deck sources: on the creation page and in
 * the Add Source modal. Files upload as soon as they are added (spec 01 §4.2); one whose upload
 * fails leaves the list.
 */
export type DraftLink = { id: string; kind: 'link' } & CheckedLink;
export type DraftFile = {
  id: string;
  kind: 'file';
  name: string;
  /** Bytes, as the browser reports them; the server's figure replaces it after the upload. */
  size: number;
} & ({ status: 'uploading' } | { status: 'uploaded'; file: UploadedFile });
export type DraftItem = DraftLink | DraftFile;

export type DraftAction =
  | { type: 'add-link'; id: string; link: CheckedLink }
  | { type: 'add-file'; id: string; name: string; size: number }
  | { type: 'upload-done'; id: string; file: UploadedFile }
  | { type: 'upload-failed'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'remove-many'; ids: readonly string[] }
  | { type: 'clear' };

export function draftReducer(items: DraftItem[], action: DraftAction): DraftItem[] {
  switch (action.type) {
    case 'add-link':
      return [...items, { id: action.id, kind: 'link', ...action.link }];
    case 'add-file':
      return [
        ...items,
        { id: action.id, kind: 'file', name: action.name, size: action.size, status: 'uploading' },
      ];
    case 'upload-done':
      // An upload that ends after its item was removed changes nothing.
      return items.map((item) =>
        item.id === action.id && item.kind === 'file'
          ? { ...item, status: 'uploaded', file: action.file, size: action.file.size }
          : item,
      );
    case 'upload-failed':
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'remove-many':
      return items.filter((item) => !action.ids.includes(item.id));
    case 'clear':
      return [];
  }
}

export const isUploading = (items: readonly DraftItem[]): boolean =>
  items.some((item) => item.kind === 'file' && item.status === 'uploading');

export const draftUrls = (items: readonly DraftItem[]): string[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item.url] : []));

export const sizedItems = (items: readonly DraftItem[]): SizedItem[] =>
  items.map((item) =>
    item.kind === 'link' ? { kind: 'link' } : { kind: 'file', size: item.size },
  );

/**
 * The add-source payload of one item (spec 02 §7): type, url or the uploaded file's fields, title
 * cut to 50, empty summary and key points, processingStatus pending. Null for a file still
 * uploading.
 */
export function sourceInputFor(item: DraftItem): AddSourceBody | null {
  const fresh = { summary: '', keyPoints: [] as string[], processingStatus: 'pending' as const };
  if (item.kind === 'link') {
    return { source: { type: item.type, url: item.url, title: linkTitle(item.url), ...fresh } };
  }
  if (item.status !== 'uploaded') return null;
  const { file } = item;
  return {
    source: {
      type: 'document',
      originalFilename: file.originalFilename ?? item.name,
      storageRef: file.storageRef,
      downloadUrl: file.downloadUrl,
      contentType: file.contentType,
      sizeInBytes: file.size,
      title: fileTitle(file.originalFilename ?? item.name),
      ...fresh,
    },
  };
}
