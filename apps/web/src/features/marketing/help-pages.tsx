import { Link } from '@tanstack/react-router';
import { FEEDBACK_EMAIL, SUPPORT_EMAIL, mailto } from '../../lib/contact';

const HELP_TOPICS = [
  {
    q: 'How do I make cards?',
    a: 'Open Create Flashcards, add links or PDF and Word files, choose the question types and press Create Cards.',
  },
  {
    q: 'Which sources work?',
    a: 'Web pages, video links, and PDF, DOC or DOCX files. A source that cannot be read is marked as failed and you can remove it.',
  },
  {
    q: 'Why was I asked to sign in?',
    a: 'Visitors without an account have usage limits. A free account raises them and keeps your decks in your library.',
  },
  {
    q: 'Can I use Mnemo on my phone?',
    a: 'Making and studying decks needs a computer. On a phone you can ask for a link to open on your desktop.',
  },
] as const;

/** /help (spec 01 §2.1: linked from the footer, content not shown). */
export function HelpPage() {
  return (
    <div className="page-narrow">
      <h1>Help</h1>
      <p className="muted">Answers to common questions about using Mnemo.</p>
      <div className="faq">
        {HELP_TOPICS.map((topic) => (
          <details key={topic.q}>
            <summary>{topic.q}</summary>
            <p>{topic.a}</p>
          </details>
        ))}
      </div>
      <h2>Still stuck?</h2>
      <p>
        Write to <a href={mailto(SUPPORT_EMAIL, 'Mnemo support')}>{SUPPORT_EMAIL}</a>, or see the{' '}
        <Link to="/plans" hash="faq">
          plans FAQ
        </Link>
        .
      </p>
    </div>
  );
}

/** /feedback (spec 01 §2.1: linked from the footer, content not shown; feedback goes by mail). */
export function FeedbackPage() {
  return (
    <div className="page-narrow">
      <h1>Feedback</h1>
      <p>
        Mnemo is in Beta and your feedback decides what we build next. Tell us what works, what does
        not, and what you miss.
      </p>
      <p>
        <a className="btn btn-primary" href={mailto(FEEDBACK_EMAIL, 'Mnemo feedback')}>
          Send feedback
        </a>
      </p>
      <p className="muted">
        Or write to <a href={mailto(FEEDBACK_EMAIL, 'Mnemo feedback')}>{FEEDBACK_EMAIL}</a>.
      </p>
    </div>
  );
}
