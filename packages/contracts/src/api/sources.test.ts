import { cutDeckTitle, placeholderDeckTitle } from '../entities/deck';
import { cutSourceTitle } from '../entities/source';
import { describe, expect, it } from 'vitest';
import { exampleSource } from '../testing/examples';
import {
  addSourceBodySchema,
  addSourceResponseSchema,
  removeSourceBodySchema,
  isYoutubeHost,
  linkSourceType,
  removeSourceResponseSchema,
  youtubeVideoId,
} from './sources';
import { sourceStatusResponseSchema } from './ai';
import { uploadDocumentResponseSchema } from './upload';

describe('adding a source', () => {
  it('accepts the source wrapped in {source} or as its own fields, and parses to the source', () => {
    const link = {
      type: 'website',
      url: 'https://example.org/cells',
      title: 'Cells',
      processingStatus: 'pending',
    };
    expect(addSourceBodySchema.parse({ source: link })).toEqual(link);
    expect(addSourceBodySchema.parse(link)).toEqual(link);
  });

  it('cuts a long title at a word boundary, Chinese included', () => {
    const cut = cutSourceTitle(
      'The Mozilla Foundation and the open web: twenty years of browsers, standards and volunteers',
    );
    expect([...cut].length).toBeLessThanOrEqual(50);
    expect(cut).toBe('The Mozilla Foundation and the open web: twenty');
    const zh = cutSourceTitle(
      '光合作用是植物利用光能把二氧化碳和水转化为葡萄糖和氧气的过程以及叶绿体在细胞中的作用和温度与光照强度对光合作用速率的影响研究',
    );
    expect([...zh].length).toBeLessThanOrEqual(50);
    expect(zh.length).toBeGreaterThan(30);
    const boundaries = [
      ...new Intl.Segmenter('zh', { granularity: 'word' }).segment(
        '光合作用是植物利用光能把二氧化碳和水转化为葡萄糖和氧气的过程以及叶绿体在细胞中的作用和温度与光照强度对光合作用速率的影响研究',
      ),
    ].map((w) => w.index);
    expect(boundaries).toContain(zh.length);
    // One long word (a link) is cut by character rather than left short.
    expect(cutSourceTitle(`https://example.com/${'x'.repeat(80)}`)).toHaveLength(50);
  });

  it('cuts a long title to 50 characters instead of refusing it', () => {
    const title = 'A'.repeat(49) + '🧬' + 'tail';
    const parsed = addSourceBodySchema.parse({
      type: 'website',
      url: 'https://example.org',
      title,
    });
    expect([...(parsed.title ?? '')]).toHaveLength(50);
    expect(parsed.title?.endsWith('🧬')).toBe(true);
  });

  it('takes an uploaded document by its storage reference', () => {
    const doc = {
      type: 'document',
      originalFilename: 'cells.pdf',
      storageRef: 'uploads/3f/abc.pdf',
      downloadUrl: 'https://files.example.org/abc.pdf',
      contentType: 'application/pdf',
      sizeInBytes: 1024,
    };
    expect(addSourceBodySchema.safeParse(doc).success).toBe(true);
    expect(addSourceBodySchema.safeParse({ ...doc, storageRef: undefined }).success).toBe(false);
  });

  it('refuses links that are not http(s) and sources of unknown type', () => {
    for (const url of ['ftp://example.org/x', 'javascript:alert(1)', 'not a url', '']) {
      expect(addSourceBodySchema.safeParse({ type: 'website', url }).success, url).toBe(false);
    }
    expect(
      addSourceBodySchema.safeParse({ type: 'podcast', url: 'https://example.org' }).success,
    ).toBe(false);
  });

  it('answers the source, pending', () => {
    expect(addSourceResponseSchema.parse(exampleSource()).processingStatus).toBe('pending');
    expect(
      addSourceResponseSchema.safeParse(exampleSource({ processingStatus: 'queued' })).success,
    ).toBe(false);
    expect(
      addSourceResponseSchema.safeParse(exampleSource({ title: 'x'.repeat(51) })).success,
    ).toBe(false);
  });
});

describe('removing a source', () => {
  it('keeps its cards unless asked and answers cardsDeleted', () => {
    expect(removeSourceBodySchema.parse({})).toEqual({ deleteCards: false });
    expect(removeSourceResponseSchema.parse({ cardsDeleted: 4 }).cardsDeleted).toBe(4);
    expect(removeSourceResponseSchema.safeParse({ deleted: 4 }).success).toBe(false);
  });
});

describe('status and uploads', () => {
  it('answers source status as success and source', () => {
    expect(
      sourceStatusResponseSchema.parse({
        success: true,
        source: exampleSource({ processingStatus: 'content-ready' }),
      }).source.processingStatus,
    ).toBe('content-ready');
    expect(sourceStatusResponseSchema.safeParse({ source: exampleSource() }).success).toBe(false);
  });

  it('answers an upload with success, message and file {storageRef, downloadUrl, contentType, size}', () => {
    const answer = {
      success: true,
      message: 'File uploaded',
      file: {
        storageRef: 'uploads/a.pdf',
        downloadUrl: 'https://files.example.org/a.pdf',
        contentType: 'application/pdf',
        size: 2048,
      },
    };
    expect(uploadDocumentResponseSchema.parse(answer)).toEqual(answer);
    expect(
      uploadDocumentResponseSchema.safeParse({
        ...answer,
        file: { ...answer.file, size: undefined },
      }).success,
    ).toBe(false);
  });
});

describe('link types', () => {
  it('finds the 11-character video id of every usual YouTube link form', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://WWW.YOUTUBE.COM./live/dQw4w9WgXcQ',
    ]) {
      expect(youtubeVideoId(url), url).toBe('dQw4w9WgXcQ');
    }
  });

  it('types a link youtube only when it is one YouTube video, website otherwise', () => {
    expect(linkSourceType('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(linkSourceType('https://www.youtube.com/@channel')).toBe('website');
    expect(linkSourceType('https://www.youtube.com/watch?v=short')).toBe('website');
    expect(linkSourceType('https://www.youtube.com/playlist?list=PL123')).toBe('website');
    // The address merely mentioning YouTube is not a YouTube link.
    expect(linkSourceType('https://example.org/?ref=youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'website',
    );
    expect(linkSourceType('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBe('website');
    expect(linkSourceType('not a url')).toBe('website');
  });
});

describe('youtubeVideoId (the worker routes and the deck types links with it)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://youtube.com/watch?v=GJLlxj_dtq8&t=42s&list=PL1', 'GJLlxj_dtq8'],
    ['https://m.youtube.com/watch?feature=share&v=GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://music.youtube.com/watch?v=GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://youtu.be/GJLlxj_dtq8?si=abc', 'GJLlxj_dtq8'],
    ['https://www.youtube.com/shorts/GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://www.youtube.com/embed/GJLlxj_dtq8?start=3', 'GJLlxj_dtq8'],
    ['https://www.youtube.com/live/GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://www.youtube-nocookie.com/embed/GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['http://www.youtube.com/watch?v=a-b_c-d_e-f', 'a-b_c-d_e-f'],
  ])('%s → %s', (link, id) => {
    expect(youtubeVideoId(link)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/watch?v=GJLlxj_dtq', // 10 characters
    'https://www.youtube.com/watch?v=GJLlxj_dtq8x', // 12
    'https://www.youtube.com/watch?v=GJLlxj%20tq8',
    'https://www.youtube.com/@Dave2D',
    'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
    'https://www.youtube.com/channel/UCVYamHliCI9rw1tHR1xbkfw',
    'https://youtu.be/',
    'https://notyoutube.com/watch?v=GJLlxj_dtq8',
    'https://youtube.com.evil.example/watch?v=GJLlxj_dtq8',
    'ftp://youtu.be/GJLlxj_dtq8',
    'not a link',
  ])('%s → no video', (link) => {
    expect(youtubeVideoId(link)).toBeNull();
  });

  it('tells YouTube hosts from look-alikes', () => {
    for (const host of [
      'youtube.com',
      'WWW.YouTube.com',
      'm.youtube.com',
      'youtu.be',
      'www.youtu.be',
      'youtube.com.',
    ])
      expect(isYoutubeHost(host), host).toBe(true);
    for (const host of [
      'notyoutube.com',
      'youtube.com.evil.example',
      'youtu.be.example',
      'example.org',
    ])
      expect(isYoutubeHost(host), host).toBe(false);
  });
});

describe('deck titles', () => {
  it('the placeholder is the file name without extension, or the link without scheme and www', () => {
    expect(placeholderDeckTitle({ fileName: 'Cell Biology.pdf' })).toBe('Cell Biology');
    expect(placeholderDeckTitle({ fileName: 'slides.pptx' })).toBe('slides');
    expect(placeholderDeckTitle({ url: 'https://www.example.com/wiki/Photosynthesis/' })).toBe(
      'example.com/wiki/Photosynthesis',
    );
    expect(placeholderDeckTitle(undefined)).toBe('My Flashcards');
  });

  it('a document title is cut at a word boundary within 200 characters', () => {
    const long = `${'Photosynthesis in plants '.repeat(10)}ends here`;
    const cut = cutDeckTitle(long);
    expect([...cut].length).toBeLessThanOrEqual(200);
    expect(long.startsWith(cut)).toBe(true);
    expect(cut.endsWith('plants') || cut.endsWith('in') || cut.endsWith('Photosynthesis')).toBe(true);
  });
});
