import { Link } from '@tanstack/react-router';
import { AFFILIATE_PORTAL_URL } from './marketing-config';

/** Spec 01 §1 and §9: the affiliate programme's terms. */
export const AFFILIATE_COMMISSION_PERCENT = 30;

/** The affiliate programme page (/affiliate) with the join link to the external portal. */
export function AffiliatePage() {
  return (
    <div className="page-narrow affiliate" data-nav="affiliate">
      <h1>Affiliate Program</h1>
      <p className="muted">
        Share Mnemo with your audience and earn up to {AFFILIATE_COMMISSION_PERCENT}% commission,
        paid monthly, for every learner who subscribes to Scholar through your link.
      </p>
      <ul className="affiliate-facts">
        <li>
          <strong>Up to {AFFILIATE_COMMISSION_PERCENT}%</strong> commission on Scholar subscriptions
        </li>
        <li>
          <strong>Monthly</strong> payouts
        </li>
        <li>
          <strong>1 link</strong> to share in videos, posts and newsletters
        </li>
      </ul>
      <h2>How it works</h2>
      <ol>
        <li>Join the programme on our affiliate portal and get your link.</li>
        <li>Share it with learners, students and teachers who follow you.</li>
        <li>When someone subscribes through it, the commission is yours, paid out each month.</li>
      </ol>
      <p>
        <a className="btn btn-primary btn-large" href={AFFILIATE_PORTAL_URL} rel="noopener">
          Join the Affiliate Program
        </a>
      </p>
      <p className="muted">
        Want to see what you would be sharing? <Link to="/create-flashcards">Try Mnemo</Link> or
        read about the <Link to="/plans">plans</Link>.
      </p>
    </div>
  );
}
