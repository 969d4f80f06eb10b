import { Link } from '@tanstack/react-router';
import { HERO_PHRASES, useRotatingIndex } from './rotating-phrase';

const SECTIONS = [
  {
    id: 'process',
    title: 'Interactive Notes',
    text: 'Add web pages, videos, PDFs or Word documents and get a summary and the key points of each source.',
  },
  {
    id: 'flashcards',
    title: 'Active Recall',
    text: 'Study question cards generated from your sources, answer in your own words and get feedback.',
  },
  {
    id: 'community',
    title: 'Consistent Learning',
    text: 'Organise decks into study spaces, chat with an AI tutor about them and share decks on Explore.',
  },
  {
    id: 'schools',
    title: 'Transforming Education',
    text: 'Teachers upload a curriculum, generate a space and share it with a class through a join code.',
  },
] as const;

/** The landing page (/ and /info). Carousel, testimonials and demo video arrive later. */
export function LandingPage() {
  const index = useRotatingIndex(HERO_PHRASES.length);
  return (
    <div className="landing">
      <section className="hero">
        <p className="hero-eyebrow">
          currently in <span className="badge badge-beta">Beta</span>
        </p>
        <h1 className="hero-title">
          Turn any content into{' '}
          <span key={index} className="hero-phrase" aria-live="polite">
            {HERO_PHRASES[index]}
          </span>
        </h1>
        <p className="hero-lead">
          Mnemo turns links, videos and documents into flashcards, notes and study conversations, so
          you spend your time learning instead of preparing.
        </p>
        <Link to="/create-flashcards" className="btn btn-primary btn-large">
          Start Learning Smarter
        </Link>
      </section>

      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="landing-section">
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}

      <section id="privacy" className="landing-section">
        <h2>Your data stays yours</h2>
        <p>We never train models on your content.</p>
      </section>

      <section className="landing-cta">
        <h2>Ready to learn smarter?</h2>
        <Link to="/create-flashcards" className="btn btn-primary btn-large">
          Start Learning Smarter
        </Link>
      </section>
    </div>
  );
}
