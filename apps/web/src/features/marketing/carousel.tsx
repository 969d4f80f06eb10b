import { useEffect, useId, useMemo, useReducer, type KeyboardEvent, type ReactNode } from 'react';
import {
  PROGRESS_TICK_MS,
  RESUME_AFTER_VISIBLE_MS,
  SLIDE_TRANSITION_MS,
  carouselKeyAction,
  carouselReducer,
  initialCarouselState,
  isRunning,
  slideDuration,
  slideProgress,
} from './carousel-model';

export interface CarouselSlide {
  id: string;
  title: string;
  /** How long the slide plays; the default (6000 ms) when absent. */
  durationMs?: number;
  content: ReactNode;
}

/**
 * Pauses the carousel while the tab is hidden and resumes it 100 ms after the tab is visible
 * again (spec 01 §2.12), so a visitor coming back sees the slide they left before it moves on.
 */
function useTabVisibility(onHidden: () => void, onVisibleAgain: () => void) {
  useEffect(() => {
    let timer: number | undefined;
    const onChange = () => {
      window.clearTimeout(timer);
      if (document.visibilityState === 'hidden') onHidden();
      else timer = window.setTimeout(onVisibleAgain, RESUME_AFTER_VISIBLE_MS);
    };
    if (document.visibilityState === 'hidden') onHidden();
    document.addEventListener('visibilitychange', onChange);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [onHidden, onVisibleAgain]);
}

/**
 * An autoplaying, looping carousel following the WAI-ARIA carousel pattern: a region with
 * aria-roledescription "carousel", slides as labelled groups, a play/pause control first, previous
 * and next buttons and one dot per slide. The slide text is announced (aria-live polite) only while
 * the carousel is paused, so autoplay does not talk over the visitor.
 */
export function Carousel({
  label,
  slides,
  className,
}: {
  label: string;
  slides: readonly CarouselSlide[];
  className?: string;
}) {
  const baseId = useId();
  const [state, dispatch] = useReducer(carouselReducer, slides.length, initialCarouselState);
  const durations = useMemo(() => slides.map((s) => slideDuration(s.durationMs)), [slides]);
  const running = isRunning(state);

  useEffect(() => {
    if (!running) return;
    const onTick = () => dispatch({ type: 'tick', now: Date.now(), durations });
    onTick();
    const timer = window.setInterval(onTick, PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, durations]);

  const suspend = useMemo(() => () => dispatch({ type: 'suspend' }), []);
  const resume = useMemo(() => () => dispatch({ type: 'resume' }), []);
  useTabVisibility(suspend, resume);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = carouselKeyAction(event.key);
    if (!action) return;
    // Space on a focused button activates that button (its own behaviour, and the dots' only key
    // besides Enter); anywhere else in the carousel it toggles play/pause.
    if (action.type === 'togglePlay' && event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    dispatch(action);
  }

  const progress = slideProgress(state, durations);

  return (
    <section
      className={`carousel ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-playing={state.playing}
      data-suspended={state.suspended}
      data-index={state.index}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          onClick={() => dispatch({ type: 'togglePlay' })}
          aria-label={state.playing ? `Pause ${label} slides` : `Play ${label} slides`}
        >
          <span aria-hidden="true">{state.playing ? '❚❚' : '▶'}</span>
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-controls={`${baseId}-slides`}
          aria-label="Previous slide"
          onClick={() => dispatch({ type: 'previous' })}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-controls={`${baseId}-slides`}
          aria-label="Next slide"
          onClick={() => dispatch({ type: 'next' })}
        >
          <span aria-hidden="true">›</span>
        </button>
        <div className="carousel-dots" role="group" aria-label="Choose a slide">
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className="carousel-dot"
              aria-label={`Slide ${i + 1} of ${slides.length}: ${slide.title}`}
              aria-current={i === state.index ? 'true' : undefined}
              aria-controls={`${baseId}-slides`}
              onClick={() => dispatch({ type: 'goTo', index: i })}
            >
              <span
                className="carousel-dot-fill"
                style={{ transform: `scaleX(${i === state.index ? progress : 0})` }}
                data-progress={i === state.index ? progress.toFixed(3) : '0'}
              />
            </button>
          ))}
        </div>
      </div>
      <div
        className="carousel-viewport"
        id={`${baseId}-slides`}
        aria-live={state.playing ? 'off' : 'polite'}
      >
        <div
          className="carousel-track"
          style={{
            transform: `translateX(-${state.index * 100}%)`,
            transitionDuration: `${SLIDE_TRANSITION_MS}ms`,
          }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}: ${slide.title}`}
              aria-hidden={i !== state.index}
              // Off-screen slides are out of the tab order and the accessibility tree.
              inert={i !== state.index}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
