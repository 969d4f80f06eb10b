import { describe, expect, it } from 'vitest';
import { sourceVideoEmbedUrl, youtubeEmbedUrl } from './source-media';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('youtubeEmbedUrl', () => {
  it('embeds the 11-character id from watch, short and embed links', () => {
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toBe(EMBED);
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(EMBED);
    expect(youtubeEmbedUrl('https://m.youtube.com/embed/dQw4w9WgXcQ')).toBe(EMBED);
  });
  it('refuses ids of another length, other sites and no link', () => {
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeEmbedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeEmbedUrl(null)).toBeNull();
  });
});

describe('sourceVideoEmbedUrl', () => {
  it('embeds a YouTube source only', () => {
    expect(sourceVideoEmbedUrl({ type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' })).toBe(
      EMBED,
    );
    expect(
      sourceVideoEmbedUrl({ type: 'website', url: 'https://youtu.be/dQw4w9WgXcQ' }),
    ).toBeNull();
    expect(sourceVideoEmbedUrl({ type: 'document', url: null })).toBeNull();
  });
  it('has no video for a YouTube page that is not one video', () => {
    expect(
      sourceVideoEmbedUrl({ type: 'youtube', url: 'https://www.youtube.com/@channel' }),
    ).toBeNull();
  });
});
