import { youtubeVideoId } from '@mnemo/contracts/api/sources';
import type { Source } from '@mnemo/contracts/entities/source';

/**
 * The privacy-enhanced player of a YouTube link (no cookies until the viewer plays it), or null
 * when the link does not name one video by its 11-character id.
 */
export function youtubeEmbedUrl(url: string | null): string | null {
  const id = url ? youtubeVideoId(url) : null;
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/**
 * The video the Summary page embeds for a source (spec 02 §2): only a YouTube source has one. A
 * document's file and a website's address are linked by the source detail itself.
 */
export function sourceVideoEmbedUrl(source: Pick<Source, 'type' | 'url'>): string | null {
  return source.type === 'youtube' ? youtubeEmbedUrl(source.url) : null;
}
