import { HERO_PHRASES, useRotatingIndex } from './rotating-phrase';

/**
 * The hero's rotating phrase. Every phrase sits in the same grid cell and only the current one is
 * visible, so the cell is always as wide and tall as the longest phrase: the headline and everything
 * below it never move when the phrase changes (no layout shift). Hidden phrases are aria-hidden,
 * and the change is not announced: an auto-rotating live region would interrupt screen readers
 * every five seconds.
 */
export function HeroPhrase() {
  const index = useRotatingIndex(HERO_PHRASES.length);
  return (
    <span className="hero-phrase-slot" data-phrase-index={index}>
      {HERO_PHRASES.map((phrase, i) => (
        <span
          key={phrase}
          className="hero-phrase"
          data-current={i === index}
          aria-hidden={i !== index}
        >
          {phrase}
        </span>
      ))}
    </span>
  );
}
