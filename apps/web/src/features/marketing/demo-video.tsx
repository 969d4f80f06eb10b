/** Intrinsic size of the recording (scripts/record-demo-video.mjs records at this size). */
export const DEMO_VIDEO_WIDTH = 960;
export const DEMO_VIDEO_HEIGHT = 600;
export const DEMO_VIDEO_SRC = '/demo/mnemo-demo.webm';
export const DEMO_VIDEO_POSTER = '/demo/mnemo-demo-poster.webp';

/**
 * The hero's demo: a real recording of a signed-out visitor making cards. Muted, looping,
 * autoplaying and inline (browsers only autoplay muted video; iOS needs playsInline). Width, height
 * and the CSS aspect ratio reserve its box before the file loads, so nothing below it moves.
 */
export function DemoVideo() {
  return (
    <figure className="demo-video">
      <video
        className="demo-video-media"
        width={DEMO_VIDEO_WIDTH}
        height={DEMO_VIDEO_HEIGHT}
        poster={DEMO_VIDEO_POSTER}
        muted
        loop
        autoPlay
        playsInline
        preload="metadata"
        aria-label="Demo: a visitor adds a web page and Mnemo makes flashcards from it"
      >
        <source src={DEMO_VIDEO_SRC} type="video/webm" />
      </video>
      <figcaption className="visually-hidden">
        A visitor without an account pastes a link to an article, chooses the question types and
        presses Create Cards; Mnemo reads the page and shows the generated questions.
      </figcaption>
    </figure>
  );
}
