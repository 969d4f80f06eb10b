import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLIDE_DURATION_MS,
  carouselKeyAction,
  carouselReducer,
  initialCarouselState,
  isRunning,
  slideProgress,
  type CarouselAction,
  type CarouselState,
} from './carousel-model';

const run = (state: CarouselState, ...actions: CarouselAction[]) =>
  actions.reduce(carouselReducer, state);
const tick = (now: number, durations: readonly number[]): CarouselAction => ({
  type: 'tick',
  now,
  durations,
});

describe('carousel autoplay', () => {
  it('shows each slide for its own duration, then wraps to the first', () => {
    const durations = [8000, 12000, 9000];
    let s = run(initialCarouselState(3), tick(0, durations));
    s = run(s, tick(7950, durations));
    expect(s.index).toBe(0);
    s = run(s, tick(8000, durations));
    expect(s.index).toBe(1);
    s = run(s, tick(19_950, durations));
    expect(s.index).toBe(1);
    s = run(s, tick(20_000, durations));
    expect(s.index).toBe(2);
    s = run(s, tick(29_000, durations));
    expect(s.index).toBe(0);
  });

  it('uses 6000 ms for a slide without a duration', () => {
    const durations: number[] = [];
    let s = run(initialCarouselState(2), tick(1000, durations), tick(1000 + 5999, durations));
    expect(s.index).toBe(0);
    s = run(s, tick(1000 + DEFAULT_SLIDE_DURATION_MS, durations));
    expect(s.index).toBe(1);
  });

  it('reports the current slide progress for its dot', () => {
    const durations = [10_000, 10_000];
    const s = run(initialCarouselState(2), tick(0, durations), tick(2500, durations));
    expect(slideProgress(s, durations)).toBeCloseTo(0.25);
  });

  it('does not move while paused and keeps the progress made', () => {
    const durations = [8000, 8000];
    let s = run(initialCarouselState(2), tick(0, durations), tick(4000, durations));
    s = run(s, { type: 'togglePlay' }, tick(10_000, durations), tick(50_000, durations));
    expect(s.index).toBe(0);
    expect(s.elapsedMs).toBe(4000);
    // Playing again: the first tick sets a new reference, the time paused is not counted.
    s = run(s, { type: 'togglePlay' }, tick(60_000, durations), tick(63_999, durations));
    expect(s.index).toBe(0);
    s = run(s, tick(64_000, durations));
    expect(s.index).toBe(1);
  });

  it('does not count the time the tab was hidden', () => {
    const durations = [8000, 8000];
    let s = run(initialCarouselState(2), tick(0, durations), tick(3000, durations));
    s = run(s, { type: 'suspend' });
    expect(isRunning(s)).toBe(false);
    s = run(s, tick(100_000, durations), { type: 'resume' }, tick(200_000, durations));
    expect(s.index).toBe(0);
    s = run(s, tick(204_999, durations));
    expect(s.index).toBe(0);
    s = run(s, tick(205_000, durations));
    expect(s.index).toBe(1);
  });

  it('a paused carousel stays paused when the tab comes back', () => {
    const s = run(
      initialCarouselState(3),
      { type: 'togglePlay' },
      { type: 'suspend' },
      {
        type: 'resume',
      },
    );
    expect(isRunning(s)).toBe(false);
  });
});

describe('carousel navigation', () => {
  it('moves, loops both ways, jumps and restarts the progress', () => {
    const durations = [8000, 8000, 8000];
    let s = run(initialCarouselState(3), tick(0, durations), tick(5000, durations));
    s = run(s, { type: 'next' });
    expect(s).toMatchObject({ index: 1, elapsedMs: 0 });
    s = run(s, { type: 'next' }, { type: 'next' });
    expect(s.index).toBe(0);
    s = run(s, { type: 'previous' });
    expect(s.index).toBe(2);
    s = run(s, { type: 'goTo', index: 1 });
    expect(s.index).toBe(1);
    s = run(s, { type: 'first' });
    expect(s.index).toBe(0);
    s = run(s, { type: 'last' });
    expect(s.index).toBe(2);
  });

  it('maps the keys the spec names', () => {
    expect(carouselKeyAction('ArrowLeft')).toEqual({ type: 'previous' });
    expect(carouselKeyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(carouselKeyAction('Home')).toEqual({ type: 'first' });
    expect(carouselKeyAction('End')).toEqual({ type: 'last' });
    expect(carouselKeyAction(' ')).toEqual({ type: 'togglePlay' });
    expect(carouselKeyAction('a')).toBeNull();
  });

  it('never advances a single slide', () => {
    const s = run(initialCarouselState(1), tick(0, [8000]), tick(100_000, [8000]));
    expect(s.index).toBe(0);
  });
});
