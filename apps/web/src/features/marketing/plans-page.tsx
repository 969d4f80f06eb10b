import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { SCHOOLS_EMAIL, mailto } from '../../lib/contact';

/** Spec 01 §2.4: arriving with a hash scrolls to that section after 100 ms. */
const HASH_SCROLL_DELAY_MS = 100;

function useScrollToHash() {
  const hash = useLocation({ select: (l) => l.hash });
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      document.getElementById(hash)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

/** Pricing page. Plan cards and checkout arrive with the billing work. */
export function PlansPage() {
  useScrollToHash();
  return (
    <div className="page-narrow">
      <h1>Plans</h1>
      <p className="muted">
        Start free. Upgrade to Scholar for unlimited AI use, with a 14-day free trial.
      </p>
      <section id="schools" className="landing-section">
        <h2>Schools</h2>
        <p>
          Partnership inquiries:{' '}
          <a href={mailto(SCHOOLS_EMAIL, 'School partnership')}>{SCHOOLS_EMAIL}</a>
        </p>
      </section>
    </div>
  );
}
