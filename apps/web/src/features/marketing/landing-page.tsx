import { Link } from '@tanstack/react-router';
import { Carousel, type CarouselSlide } from './carousel';
import { DemoVideo } from './demo-video';
import { HeroPhrase } from './hero-phrase';
import {
  CAROUSEL_SECTIONS,
  pointText,
  type CarouselSection,
  type SlideCopy,
} from './landing-content';
import { PRIVACY_CLAIMS } from './privacy-claims';
import { TestimonialStrip } from './testimonial-strip';

function SlideBody({ slide }: { slide: SlideCopy }) {
  return (
    <div className="slide-card">
      <h3>{slide.title}</h3>
      <p>{slide.text}</p>
      <ul>
        {slide.points.map((point) => (
          <li key={pointText(point)}>
            {typeof point === 'string' ? (
              point
            ) : (
              <Link to="/help" hash={point.help}>
                {point.text}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function toSlides(section: CarouselSection): CarouselSlide[] {
  return section.slides.map((slide) => ({
    id: slide.id,
    title: slide.title,
    ...(slide.durationMs === undefined ? {} : { durationMs: slide.durationMs }),
    content: <SlideBody slide={slide} />,
  }));
}

// Built once: the slide lists keep their identity across renders, so carousels never restart.
const SECTION_SLIDES = new Map(CAROUSEL_SECTIONS.map((s) => [s.id, toSlides(s)]));

/** The landing page (/ and /info), spec 01 §2.12. */
export function LandingPage() {
  return (
    <div className="landing">
      <section className="hero" data-nav="features" aria-labelledby="hero-title">
        <p className="hero-eyebrow">
          currently in <span className="badge badge-beta">Beta</span>
        </p>
        <h1 id="hero-title" className="hero-title">
          Turn any content into <HeroPhrase />
        </h1>
        <p className="hero-lead">
          Mnemo turns links, videos and documents into flashcards, notes and study conversations, so
          you spend your time learning instead of preparing.
        </p>
        <Link to="/create-flashcards" className="btn btn-primary btn-large">
          Start Learning Smarter
        </Link>
        <DemoVideo />
      </section>

      {CAROUSEL_SECTIONS.map((section) => (
        <section
          key={section.id}
          id={section.id}
          data-nav={section.nav}
          className="landing-section"
          aria-labelledby={`${section.id}-title`}
        >
          <p className="section-eyebrow">{section.eyebrow}</p>
          <h2 id={`${section.id}-title`} className="section-title">
            {section.title}
          </h2>
          <p className="section-lead">{section.lead}</p>
          <Carousel label={section.eyebrow} slides={SECTION_SLIDES.get(section.id) ?? []} />
        </section>
      ))}

      <TestimonialStrip />

      <section
        id="privacy"
        data-nav="features"
        className="landing-section"
        aria-labelledby="privacy-title"
      >
        <p className="section-eyebrow">Privacy</p>
        <h2 id="privacy-title" className="section-title">
          Your data stays yours
        </h2>
        <ul className="claim-list">
          {PRIVACY_CLAIMS.map((claim) => (
            <li key={claim.title}>
              <strong>{claim.title}</strong> {claim.text}
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to learn smarter?</h2>
        <p>Start now without an account. Sign up when you want to keep your decks.</p>
        <Link to="/create-flashcards" className="btn btn-primary btn-large">
          Start Learning Smarter
        </Link>
      </section>
    </div>
  );
}
