import { describe, expect, it } from 'vitest';
import { youtubeVideoIdSchema } from '@mnemo/contracts/api/youtube';
import { youtubeVideoId } from '@mnemo/contracts/api/sources';
import { ApiError } from '../../lib/api';
import {
  SUGGESTED_VIDEOS,
  arrowState,
  scrollStep,
  searchFailedMessage,
  searchTerm,
  videoUrl,
} from './video-search';

describe('the video browser', () => {
  it('suggests five fixed videos, each a valid YouTube id', () => {
    expect(SUGGESTED_VIDEOS).toHaveLength(5);
    expect(new Set(SUGGESTED_VIDEOS.map((v) => v.id)).size).toBe(5);
    for (const video of SUGGESTED_VIDEOS) {
      expect(youtubeVideoIdSchema.safeParse(video.id).success).toBe(true);
      expect(youtubeVideoId(videoUrl(video.id))).toBe(video.id);
    }
  });

  it('never searches an empty term', () => {
    expect(searchTerm('   ')).toBeNull();
    expect(searchTerm('  cell biology ')).toBe('cell biology');
  });

  it('words failures as the spec does', () => {
    const invalid = new ApiError({
      status: 200,
      message: 'Received an unexpected response from the server.',
      code: 'INVALID_RESPONSE',
    });
    expect(searchFailedMessage(invalid)).toBe('Received an unexpected response from the server.');
    const server = new ApiError({
      status: 503,
      message: 'Video search is not configured',
      code: 'SERVICE_UNAVAILABLE',
      body: {
        success: false,
        error: 'Video search is not configured',
        message: 'Video search is not configured',
        code: 'SERVICE_UNAVAILABLE',
      },
    });
    expect(searchFailedMessage(server)).toBe('Search failed: Video search is not configured');
    const network = new ApiError({
      status: 0,
      message: 'Could not reach the server',
      code: 'NETWORK_ERROR',
    });
    expect(searchFailedMessage(network)).toBe('Search failed: Could not reach the server');
  });

  it('moves the row by most of its width and knows which arrows can move it', () => {
    expect(scrollStep(1000)).toBe(800);
    expect(scrollStep(50)).toBe(120);
    expect(arrowState({ scrollLeft: 0, scrollWidth: 1200, clientWidth: 600 })).toEqual({
      canLeft: false,
      canRight: true,
    });
    expect(arrowState({ scrollLeft: 600, scrollWidth: 1200, clientWidth: 600 })).toEqual({
      canLeft: true,
      canRight: false,
    });
    expect(arrowState({ scrollLeft: 0, scrollWidth: 600, clientWidth: 600 })).toEqual({
      canLeft: false,
      canRight: false,
    });
  });
});
