import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Thumbnail } from '../../components/thumbnail';
import { useQuery } from '@tanstack/react-query';
import type { YoutubeVideo } from '@mnemo/contracts/api/youtube';
import { ChevronIcon } from '../../components/icons';
import { linkIdentity } from '../../lib/sources/source-rules';
import type { SourceDraft } from '../../lib/sources/use-source-draft';
import { searchVideos } from './create-api';
import {
  SUGGESTED_VIDEOS,
  VIDEO_MESSAGES,
  arrowState,
  scrollStep,
  searchFailedMessage,
  searchTerm,
  videoUrl,
} from './video-search';

/**
 * The video browser under the creation form (spec 01 §2.6): a search box over GET /youtube/search,
 * a row of thumbnails with scroll arrows, Retry after a failure and Clear back to the five suggested
 * videos. Choosing a video adds it to the draft as a YouTube link.
 */
export function VideoBrowser({
  draft,
  disabled = false,
}: {
  draft: SourceDraft;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputId = useId();
  const headingId = useId();

  const search = useQuery({
    queryKey: ['youtube', 'search', active],
    queryFn: ({ signal }) => searchVideos(active ?? '', signal),
    enabled: active !== null,
    // A failed search waits for the visitor's Retry rather than trying again by itself.
    retry: false,
    staleTime: 5 * 60_000,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = searchTerm(input);
    setNotice(null);
    if (term === null) return;
    if (term === active) void search.refetch();
    else setActive(term);
  }

  function clear() {
    setInput('');
    setActive(null);
    setNotice(null);
  }

  const addedIds = new Set(
    draft.items.flatMap((i) => (i.kind === 'link' ? [linkIdentity(i.url)] : [])),
  );
  const isAdded = (video: YoutubeVideo) => addedIds.has(linkIdentity(videoUrl(video.id)));

  function choose(video: YoutubeVideo) {
    const result = draft.addLink(videoUrl(video.id));
    setNotice(result.kind === 'ok' || result.kind === 'empty' ? null : result.message);
  }

  let videos: readonly YoutubeVideo[] = [];
  let status: { kind: 'loading' | 'empty' | 'error'; text: string } | null = null;
  if (active === null) {
    videos = SUGGESTED_VIDEOS;
  } else if (search.isFetching && !search.data) {
    status = { kind: 'loading', text: 'Searching videos...' };
  } else if (search.isError) {
    status = { kind: 'error', text: searchFailedMessage(search.error) };
  } else if (search.data) {
    videos = search.data.videos;
    if (videos.length === 0) status = { kind: 'empty', text: VIDEO_MESSAGES.noResults };
  }

  return (
    <section className="video-browser" aria-labelledby={headingId}>
      <h2 id={headingId}>Find videos</h2>
      <form className="inline-form video-search" role="search" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Search videos
        </label>
        <input
          id={inputId}
          type="search"
          placeholder="Search YouTube for a topic"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="btn">
          Search
        </button>
        {(active !== null || input !== '') && (
          <button type="button" className="btn" onClick={clear}>
            Clear
          </button>
        )}
      </form>

      <h3 className="video-browser-heading">
        {active === null ? 'Suggested videos' : `Results for "${active}"`}
      </h3>
      {status?.kind === 'error' ? (
        <div className="notice notice-error video-error">
          <span role="alert">{status.text}</span>
          <button type="button" className="btn" onClick={() => void search.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        status && (
          <p className="muted" role="status">
            {status.text}
          </p>
        )
      )}
      {notice && (
        <p className="field-error" role="alert">
          {notice}
        </p>
      )}
      {videos.length > 0 && (
        <VideoRow videos={videos} isAdded={isAdded} onChoose={choose} disabled={disabled} />
      )}
    </section>
  );
}

function VideoRow({
  videos,
  isAdded,
  onChoose,
  disabled,
}: {
  videos: readonly YoutubeVideo[];
  isAdded: (video: YoutubeVideo) => boolean;
  onChoose: (video: YoutubeVideo) => void;
  disabled: boolean;
}) {
  const row = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState({ canLeft: false, canRight: false });

  const measure = useCallback(() => {
    if (row.current) setArrows(arrowState(row.current));
  }, []);

  useEffect(() => {
    const element = row.current;
    if (!element) return;
    element.scrollLeft = 0;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [videos, measure]);

  const move = (direction: -1 | 1) => {
    const element = row.current;
    if (!element) return;
    element.scrollBy({ left: direction * scrollStep(element.clientWidth), behavior: 'smooth' });
  };

  return (
    <div className="video-row-frame">
      <button
        type="button"
        className="icon-button video-arrow"
        aria-label="Scroll videos left"
        disabled={!arrows.canLeft}
        onClick={() => move(-1)}
      >
        <ChevronIcon left />
      </button>
      <ul className="video-row" ref={row} onScroll={measure} aria-label="Videos">
        {videos.map((video) => {
          const added = isAdded(video);
          return (
            <li key={video.id} className="video-card" data-added={added}>
              <button
                type="button"
                className="video-button"
                aria-label={added ? `${video.title} (added)` : `Add video: ${video.title}`}
                disabled={disabled || added}
                onClick={() => onChoose(video)}
              >
                <Thumbnail
                  className="video-thumb"
                  src={video.thumbnail}
                  loading="lazy"
                  width={196}
                  height={110}
                />
                <span className="video-title">{video.title}</span>
                {video.channelTitle && (
                  <span className="video-channel muted">{video.channelTitle}</span>
                )}
                {added && <span className="badge video-added">Added</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="icon-button video-arrow"
        aria-label="Scroll videos right"
        disabled={!arrows.canRight}
        onClick={() => move(1)}
      >
        <ChevronIcon left={false} />
      </button>
    </div>
  );
}
