import { describe, expect, it } from 'vitest';
import {
  addSourcesBlocker,
  checkLink,
  fileKind,
  fileTitle,
  isAcceptedFile,
  linkTitle,
  normalizeUrl,
  sourceTypeLabel,
} from './source-rules';

describe('typed links', () => {
  it('trims, ignores empty input and prepends https:// to a bare host', () => {
    expect(normalizeUrl('   ')).toBeNull();
    expect(normalizeUrl('  example.com/page ')).toBe('https://example.com/page');
    expect(normalizeUrl('http://example.com')).toBe('http://example.com');
    expect(normalizeUrl('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(checkLink('  ')).toEqual({ kind: 'empty' });
  });

  it('accepts a website and says so', () => {
    expect(checkLink(' en.wikipedia.org/wiki/Photosynthesis ')).toEqual({
      kind: 'ok',
      link: {
        url: 'https://en.wikipedia.org/wiki/Photosynthesis',
        type: 'website',
        videoId: null,
      },
    });
  });

  it('recognises YouTube links by their 11-character video id', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      const result = checkLink(url);
      expect(result.kind).toBe('ok');
      if (result.kind === 'ok') {
        expect(result.link.type).toBe('youtube');
        expect(result.link.videoId).toBe('dQw4w9WgXcQ');
      }
    }
    // A YouTube page that is not one video, or an id of the wrong length, is a website.
    for (const url of ['https://www.youtube.com/@somechannel', 'youtube.com/watch?v=short']) {
      const result = checkLink(url);
      expect(result.kind === 'ok' && result.link.type).toBe('website');
    }
  });

  it("refuses what is not a link with 'Please enter a valid URL'", () => {
    for (const raw of ['hello', 'exa mple.com', 'https://', 'ftp://example.com/file', 'http://']) {
      expect(checkLink(raw)).toEqual({ kind: 'invalid', message: 'Please enter a valid URL' });
    }
  });

  it('refuses a link already added, the same video by another address included', () => {
    const existing = ['https://example.com/a/', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'];
    expect(checkLink('EXAMPLE.com/a', existing).kind).toBe('duplicate');
    expect(checkLink('https://example.com/a#part', existing).kind).toBe('duplicate');
    expect(checkLink('youtu.be/dQw4w9WgXcQ', existing)).toEqual({
      kind: 'duplicate',
      message: 'This link has already been added',
    });
    expect(checkLink('example.com/b', existing).kind).toBe('ok');
  });

  it('titles new sources within 50 characters', () => {
    expect(linkTitle('https://example.com/')).toBe('https://example.com/');
    expect(linkTitle(`https://example.com/${'x'.repeat(80)}`)).toHaveLength(50);
    expect(fileTitle(`${'n'.repeat(60)}.pdf`)).toHaveLength(50);
  });
});

describe('files', () => {
  it('accepts the document formats in any case and nothing else', () => {
    expect(
      ['a.pdf', 'B.PDF', 'c.doc', 'd.DocX', 's.pptx', 'b.epub', 'n.txt', 'm.MD', 'p.html', 'q.htm'].every(
        isAcceptedFile,
      ),
    ).toBe(true);
    expect(['f.pdf.exe', 'docx', 'g.odt', 'h.xlsx'].some(isAcceptedFile)).toBe(false);
  });

  it('calls a .pdf PDF and every other document DOC', () => {
    expect(fileKind('notes.PDF')).toBe('PDF');
    expect(fileKind('notes.docx')).toBe('DOC');
    expect(fileKind('notes.doc')).toBe('DOC');
    expect(sourceTypeLabel({ type: 'document', originalFilename: 'x.pdf' })).toBe('PDF');
    expect(sourceTypeLabel({ type: 'youtube' })).toBe('YouTube');
  });
});

describe('adding sources to a deck', () => {
  const done = [
    { processingStatus: 'completed' as const },
    { processingStatus: 'failed' as const },
  ];

  it('asks for at least one source, then for uploads to finish', () => {
    expect(addSourcesBlocker(done, { count: 0, uploading: false })).toBe(
      'Please add at least one source (URL or file)',
    );
    expect(addSourcesBlocker(done, { count: 2, uploading: true })).toBe(
      'Please wait for all files to finish uploading',
    );
    expect(addSourcesBlocker(done, { count: 2, uploading: false })).toBeNull();
  });

  it('waits for the sources still on their way', () => {
    for (const processingStatus of ['pending', 'processing', 'content-ready'] as const) {
      expect(
        addSourcesBlocker([...done, { processingStatus }], { count: 1, uploading: false }),
      ).toBe('Please wait for existing sources to finish processing before adding new ones');
    }
  });
});
