import { Link } from '@tanstack/react-router';
import { FEEDBACK_EMAIL, SUPPORT_EMAIL, mailto } from '../../lib/contact';
import type { StudyHelpTopic } from './landing-content';

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

/**
 * How the study tools work (issue 20), one section per anchor the landing page's claims link to,
 * each with the way into the app.
 */
function StudyTools() {
  const sections: {
    id: StudyHelpTopic;
    title: string;
    body: string;
    to: '/review' | '/library' | '/stats';
    action: string;
  }[] = [
    {
      id: 'review',
      title: 'Review: spaced repetition',
      body: 'Every answer is graded, and the grade decides when the card comes back: a card you got wrong returns in minutes, an easy one steps aside for days or weeks (the FSRS scheduler). Review mode on a deck, or Review in the sidebar, serves what is due today; you can correct a rating with "I was right" or "I was wrong", or with the keys 1-4.',
      to: '/review',
      action: 'Review what is due',
    },
    {
      id: 'quizzes',
      title: 'Summary quizzes',
      body: 'From a deck, "Summary quiz" asks a set of questions spread over the concepts of the whole deck, then shows your score, the concepts you missed and a way to practise them.',
      to: '/library',
      action: 'Choose a deck in your library',
    },
    {
      id: 'mastery',
      title: 'Mastery per concept and what to review next',
      body: "A deck's Summary tab shows how well you know each of its concepts, weakest first, and names the three to review next. Each concept opens the questions that test it.",
      to: '/library',
      action: 'Open a deck',
    },
    {
      id: 'statistics',
      title: 'Statistics',
      body: 'Statistics shows your reviews day by day, how much you remember over time and how many cards fall due in the coming days. You can set how much to remember and how many cards a day to study there.',
      to: '/stats',
      action: 'See your statistics',
    },
  ];
  return (
    <>
      <h2>Studying with Mnemo</h2>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="help-topic"
          aria-labelledby={`help-${section.id}`}
        >
          <h3 id={`help-${section.id}`}>{section.title}</h3>
          <p>{section.body}</p>
          <p>
            <Link to={section.to}>{section.action}</Link> (needs an account).
          </p>
        </section>
      ))}
    </>
  );
}

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
      <StudyTools />
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
