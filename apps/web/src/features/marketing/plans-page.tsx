import { Link } from '@tanstack/react-router';
import { PLAN_LIMITS, SCHOLAR_MAX_FILE_MB } from '@mnemo/contracts/limits';
import { SCHOOLS_EMAIL, mailto } from '../../lib/contact';
import { useSession } from '../../lib/session/session-context';
import { useSignInDialog } from '../../lib/session/sign-in-dialog';
import { SCHOLAR_PRICE } from '../../lib/billing/billing-display';
import { useCheckout } from '../../lib/billing/use-checkout';
import { useIsSubscriber } from '../../lib/use-subscription';
import { PRIVACY_CLAIMS } from './privacy-claims';
import { useScrollToHash } from './use-scroll-to-hash';

const FREE = PLAN_LIMITS.free;

/** Spec 01 §9: the free plan as the pricing copy states it (both readings of the allowance). */
const FREE_FEATURES = [
  `${FREE.studySpaces} study spaces`,
  `${FREE.decksPerSpace} decks per space`,
  `${FREE.cardsPerDeck} cards per deck`,
  'Up to 50 source materials per month',
  `${FREE.monthlyProcessingMB} MB of source processing per month`,
] as const;

const SCHOLAR_FEATURES = [
  'Unlimited AI use',
  `Unlimited PDFs up to ${SCHOLAR_MAX_FILE_MB} MB`,
  'Unlimited study spaces, decks and cards',
  'Chat with an AI tutor about every deck',
] as const;

const FAQ = [
  {
    q: 'Do I need an account to try Mnemo?',
    a: 'No. You can make cards without signing up, within usage limits. An account raises the limits and keeps your decks in a library.',
  },
  {
    q: 'How does the free trial work?',
    a: `Scholar starts with a ${SCHOLAR_PRICE.trialDays}-day free trial. You can cancel from Settings at any time before it ends.`,
  },
  {
    q: 'Can I pay yearly?',
    a: `Annual billing is coming soon: $${SCHOLAR_PRICE.annualMonthlyUSD}/month, billed $${SCHOLAR_PRICE.annualYearlyUSD} yearly.`,
  },
  {
    q: 'Is my content used to train AI?',
    a: 'No. Your sources, cards and chats are never used to train models.',
  },
  {
    q: 'How do I cancel?',
    a: 'Open Settings and choose Manage Subscription.',
  },
] as const;

/**
 * The Scholar card's call to action. Checkout needs an account (spec 01 §6: payment endpoints
 * require a bearer token), so a visitor who is not signed in is asked to create one first.
 */
function ScholarAction() {
  const { session } = useSession();
  const signIn = useSignInDialog();
  const { starting, error, start: startCheckout } = useCheckout();
  // The same flag as the sidebar's: GET /payment/usage, cached for the tab (the auth answers do
  // not carry it).
  const subscriber = useIsSubscriber();

  if (subscriber) {
    return (
      <Link to="/settings" className="btn">
        You are on Scholar: manage in Settings
      </Link>
    );
  }

  async function start() {
    if (session.status !== 'authenticated') {
      signIn.open('register');
      return;
    }
    await startCheckout();
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-large"
        onClick={() => void start()}
        disabled={starting || session.status === 'loading'}
      >
        {starting ? 'Starting...' : `Start your ${SCHOLAR_PRICE.trialDays}-day free trial`}
      </button>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The pricing page (/plans), spec 01 §2.12; a URL hash scrolls to its section. */
export function PlansPage() {
  useScrollToHash();
  return (
    <div className="plans-page">
      <header className="plans-header" data-nav="plans">
        <h1>Plans</h1>
        <p className="muted">Start free. Upgrade to Scholar when you need more.</p>
        <div className="billing-toggle" role="group" aria-label="Billing period">
          <button type="button" aria-pressed="true">
            Monthly
          </button>
          <button type="button" aria-pressed="false" disabled>
            Annual · Save 33% · Coming Soon
          </button>
        </div>
      </header>

      <div className="plan-cards" data-nav="plans">
        <section className="plan-card" aria-labelledby="plan-free">
          <h2 id="plan-free">Free</h2>
          <p className="plan-price">
            $0<span>/month</span>
          </p>
          <ul>
            {FREE_FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link to="/create-flashcards" className="btn btn-large">
            Start Learning
          </Link>
        </section>
        <section className="plan-card" data-featured="true" aria-labelledby="plan-scholar">
          <h2 id="plan-scholar">Scholar</h2>
          <p className="plan-price">
            ${SCHOLAR_PRICE.monthlyUSD}
            <span>/month</span>
          </p>
          <p className="plan-annual">
            Annual: ${SCHOLAR_PRICE.annualMonthlyUSD}/month, ${SCHOLAR_PRICE.annualYearlyUSD} billed
            yearly. <span className="badge badge-beta">Coming Soon</span>
          </p>
          <ul>
            {SCHOLAR_FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <ScholarAction />
        </section>
      </div>

      <section
        id="schools"
        className="plans-section"
        data-nav="schools"
        aria-labelledby="schools-title"
      >
        <h2 id="schools-title">Schools</h2>
        <p>
          Bring Mnemo to a whole school or district: teachers turn their curriculum into study
          spaces, students join with a 5-character code, and you see mastery per concept.
        </p>
        <p>
          <a className="btn btn-primary" href={mailto(SCHOOLS_EMAIL, 'School partnership')}>
            Contact us about a school partnership
          </a>
        </p>
        <p className="muted">
          Or write to <a href={mailto(SCHOOLS_EMAIL, 'School partnership')}>{SCHOOLS_EMAIL}</a>.
        </p>
      </section>

      <section
        id="educators"
        className="plans-section"
        data-nav="plans"
        aria-labelledby="educators-title"
      >
        <h2 id="educators-title">Educators</h2>
        <ol>
          <li>Upload your curriculum: documents and links you already use.</li>
          <li>Generate a study space for your class from it.</li>
          <li>Share the space's 5-character join code with your students.</li>
          <li>See each student's mastery per concept, and what to teach again.</li>
        </ol>
      </section>

      <section
        id="privacy"
        className="plans-section"
        data-nav="plans"
        aria-labelledby="plans-privacy-title"
      >
        <h2 id="plans-privacy-title">Privacy</h2>
        <ul className="claim-list">
          {PRIVACY_CLAIMS.map((claim) => (
            <li key={claim.title}>
              <strong>{claim.title}</strong> {claim.text}
            </li>
          ))}
        </ul>
        <p>
          Read the <Link to="/privacy">Privacy Policy</Link> and the{' '}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>

      <section id="faq" className="plans-section faq" data-nav="plans" aria-labelledby="faq-title">
        <h2 id="faq-title">FAQ</h2>
        {FAQ.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
