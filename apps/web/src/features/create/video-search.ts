import type { YoutubeVideo } from '@mnemo/contracts/api/youtube';
import { isApiError, serverErrorField } from '../../lib/api';

/** The words of spec 01 §8 for the video browser. */
export const VIDEO_MESSAGES = {
  unexpected: 'Received an unexpected response from the server.',
  noResults: 'No videos found for your search.',
  failedPrefix: 'Search failed: ',
} as const;

const thumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;

/**
 * The five videos shown while no search is active (spec 01 §2.6). The spec does not name them:
 * ours, five well-known lessons from different subjects.
 */
export const SUGGESTED_VIDEOS: readonly YoutubeVideo[] = [
  {
    id: 'aircAruvnKk',
    title: 'But what is a neural network? | Deep learning chapter 1',
    thumbnail: thumbnail('aircAruvnKk'),
  },
  {
    id: 'sQK3Yr4Sc_k',
    title: 'Photosynthesis: Crash Course Biology #8',
    thumbnail: thumbnail('sQK3Yr4Sc_k'),
  },
  {
    id: 'zQGOcOUBi6s',
    title: 'The Immune System Explained I – Bacteria Infection',
    thumbnail: thumbnail('zQGOcOUBi6s'),
  },
  {
    id: 'Yocja_N5s1I',
    title: 'The Agricultural Revolution: Crash Course World History #1',
    thumbnail: thumbnail('Yocja_N5s1I'),
  },
  {
    id: 'iG9CE55wbtY',
    title: 'Do schools kill creativity? | Sir Ken Robinson',
    thumbnail: thumbnail('iG9CE55wbtY'),
  },
];

/** The address a chosen video is added as: a link source of type youtube. */
export const videoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The term to search for, or null: an empty term is never searched (spec 01 §5). */
export function searchTerm(raw: string): string | null {
  const term = raw.trim();
  return term === '' ? null : term;
}

/**
 * What a failed search shows: 'Received an unexpected response from the server.' for an answer not
 * in the expected shape, otherwise 'Search failed: ' and the server's message (or the client's, when
 * no server answered).
 */
export function searchFailedMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'INVALID_RESPONSE') return VIDEO_MESSAGES.unexpected;
  const text =
    serverErrorField(error) ?? (error instanceof Error && error.message ? error.message : null);
  return `${VIDEO_MESSAGES.failedPrefix}${text ?? 'Unknown error'}`;
}

/** How far one arrow press moves the row: most of its visible width, so one video stays in view. */
export function scrollStep(visibleWidth: number): number {
  return Math.max(120, Math.round(visibleWidth * 0.8));
}

/** Which arrows can move the row any further (a pixel of slack for fractional scrolling). */
export function arrowState(row: { scrollLeft: number; scrollWidth: number; clientWidth: number }) {
  return {
    canLeft: row.scrollLeft > 1,
    canRight: row.scrollLeft + row.clientWidth < row.scrollWidth - 1,
  };
}
