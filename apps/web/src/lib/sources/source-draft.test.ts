import { describe, expect, it } from 'vitest';
import { addSourceBodySchema } from '@mnemo/contracts/api/sources';
import {
  draftReducer,
  draftUrls,
  isUploading,
  sizedItems,
  sourceInputFor,
  type DraftItem,
} from './source-draft';

const uploaded = {
  storageRef: 'uploads/abc.pdf',
  downloadUrl: '/api/files/uploads/abc.pdf',
  contentType: 'application/pdf',
  size: 2048,
};

function withItems(): DraftItem[] {
  let items: DraftItem[] = [];
  items = draftReducer(items, {
    type: 'add-link',
    id: 'l1',
    link: { url: 'https://example.com/a', type: 'website', videoId: null },
  });
  items = draftReducer(items, { type: 'add-file', id: 'f1', name: 'notes.pdf', size: 1000 });
  return items;
}

describe('the draft of added content', () => {
  it('keeps a file uploading until its upload ends, then takes the server size', () => {
    let items = withItems();
    expect(isUploading(items)).toBe(true);
    items = draftReducer(items, { type: 'upload-done', id: 'f1', file: uploaded });
    expect(isUploading(items)).toBe(false);
    expect(items[1]).toMatchObject({ status: 'uploaded', size: 2048 });
    expect(sizedItems(items)).toEqual([{ kind: 'link' }, { kind: 'file', size: 2048 }]);
  });

  it('drops a file whose upload failed, and ignores an upload that ends after removal', () => {
    let items = draftReducer(withItems(), { type: 'upload-failed', id: 'f1' });
    expect(items.map((i) => i.id)).toEqual(['l1']);
    items = draftReducer(items, { type: 'upload-done', id: 'f1', file: uploaded });
    expect(items.map((i) => i.id)).toEqual(['l1']);
    expect(draftUrls(items)).toEqual(['https://example.com/a']);
    expect(draftReducer(items, { type: 'clear' })).toEqual([]);
  });

  it('turns items into add-source payloads the contract accepts', () => {
    const items = draftReducer(withItems(), { type: 'upload-done', id: 'f1', file: uploaded });
    const [link, file] = items.map(sourceInputFor);
    expect(link).toEqual({
      source: {
        type: 'website',
        url: 'https://example.com/a',
        title: 'https://example.com/a',
        summary: '',
        keyPoints: [],
        processingStatus: 'pending',
      },
    });
    expect(file).toEqual({
      source: {
        type: 'document',
        originalFilename: 'notes.pdf',
        storageRef: 'uploads/abc.pdf',
        downloadUrl: '/api/files/uploads/abc.pdf',
        contentType: 'application/pdf',
        sizeInBytes: 2048,
        title: 'notes.pdf',
        summary: '',
        keyPoints: [],
        processingStatus: 'pending',
      },
    });
    expect(addSourceBodySchema.safeParse(link).success).toBe(true);
    expect(addSourceBodySchema.safeParse(file).success).toBe(true);
    expect(sourceInputFor(withItems()[1]!)).toBeNull();
  });
});
