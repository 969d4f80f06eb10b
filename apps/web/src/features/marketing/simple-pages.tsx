import { Link } from '@tanstack/react-router';
import { FEEDBACK_EMAIL, SUPPORT_EMAIL, mailto } from '../../lib/contact';

export function AffiliatePage() {
  return (
    <div className="page-narrow">
      <h1>Affiliate Program</h1>
      <p className="muted">
        Earn up to 30% commission, paid monthly, for every learner you bring to Mnemo.
      </p>
    </div>
  );
}

export function LegalPage({ title }: { title: string }) {
  return (
    <div className="page-narrow">
      <Link to="/info" className="back-link">
        ← Back
      </Link>
      <h1>{title}</h1>
      <p className="muted">The full text of this page is being prepared.</p>
    </div>
  );
}

export function HelpPage() {
  return (
    <div className="page-narrow">
      <h1>Help</h1>
      <p className="muted">
        Questions or problems? Write to{' '}
        <a href={mailto(SUPPORT_EMAIL, 'Mnemo support')}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}

export function FeedbackPage() {
  return (
    <div className="page-narrow">
      <h1>Feedback</h1>
      <p className="muted">
        Tell us what works and what does not:{' '}
        <a href={mailto(FEEDBACK_EMAIL, 'Mnemo feedback')}>{FEEDBACK_EMAIL}</a>.
      </p>
    </div>
  );
}
