import { useState, type ImgHTMLAttributes } from 'react';

/**
 * A picture from elsewhere (a video's thumbnail) that may not load: offline, blocked, or gone.
 * When it fails, a placeholder tile with the same class takes its place instead of the
 * browser's broken-image icon (issue 18.7). Decorative, like the images it stands for.
 */
export function Thumbnail({
  src,
  className,
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'onError'> & { src: string }) {
  // The address that failed: a new one is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span
        // The image's class sizes the tile as it would have sized the picture.
        className={`${className ?? ''} thumbnail-placeholder`.trim()}
        data-thumbnail="placeholder"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor" focusable="false">
          <path d="M8 5.5v13l10.5-6.5z" />
        </svg>
      </span>
    );
  }
  return (
    <img
      {...img}
      className={className}
      src={src}
      alt=""
      data-thumbnail="image"
      onError={() => setFailedSrc(src)}
    />
  );
}
