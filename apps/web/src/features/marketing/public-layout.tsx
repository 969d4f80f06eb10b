import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { useIsMobile } from '../../lib/use-is-mobile';
import { SUPPORT_EMAIL, mailto } from '../../lib/contact';
import type { NavKey } from './scroll-spy';
import { scrollToSection } from './use-scroll-to-hash';
import { useScrollSpy } from './use-scroll-spy';
import './marketing.css';

/** Scrolled further than this on mobile, the top bar slides away (spec 01 §2.4). */
export const HIDE_AFTER_PX = 50;

/** On mobile, hides the bar once the page is scrolled more than 50 px from the top. */
function useHideOnScroll(isMobile: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!isMobile) {
      setHidden(false);
      return;
    }
    const onScroll = () => setHidden(window.scrollY > HIDE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [isMobile]);
  return hidden;
}

function PublicTopBar() {
  const isMobile = useIsMobile();
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = useScrollSpy(pathname);
  const hidden = useHideOnScroll(isMobile);
  const [menuOpen, setMenuOpen] = useState(false);

  const close = () => setMenuOpen(false);
  const linkClass = (key: NavKey) => (active === key ? 'active' : undefined);
  // The router's own hash scrolling is off for Schools: the plans page scrolls 100 ms after it
  // arrives (spec 01 §2.4), and on the plans page itself the click scrolls at once.
  const onSchools = () => {
    close();
    if (pathname === '/plans') scrollToSection('schools');
  };

  return (
    <header className="topbar" data-hidden={hidden && !menuOpen}>
      <div className="topbar-inner">
        <Link to="/" className="brand" onClick={close}>
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="brand-name">Mnemo</span>
        </Link>
        <button
          type="button"
          className="topbar-toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="public-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
        <nav id="public-nav" className="topbar-nav" data-open={menuOpen} aria-label="Main">
          {/* activeProps={{}}: the highlight is the scroll-spy's, not the router's match. */}
          <Link to="/info" onClick={close} activeProps={{}} className={linkClass('features')}>
            Features
          </Link>
          <Link
            to="/plans"
            hash="schools"
            hashScrollIntoView={false}
            onClick={onSchools}
            activeProps={{}}
            activeOptions={{ includeHash: true }}
            className={linkClass('schools')}
          >
            Schools
          </Link>
          <Link to="/plans" onClick={close} activeProps={{}} className={linkClass('plans')}>
            Plans
          </Link>
          <Link to="/affiliate" onClick={close} activeProps={{}} className={linkClass('affiliate')}>
            Affiliate
          </Link>
          <Link to="/create-flashcards" className="btn btn-primary" onClick={close}>
            Start Learning
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <nav className="footer-links" aria-label="Footer">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <a href={mailto(SUPPORT_EMAIL, 'Mnemo support')}>Support</a>
          <Link to="/help">Help</Link>
          <Link to="/feedback">Feedback</Link>
        </nav>
        <p className="footer-status">Current Status: Beta</p>
      </div>
    </footer>
  );
}

/** Marketing and legal pages: fixed top bar, content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <PublicTopBar />
      <main className="public-main">{children}</main>
      <PublicFooter />
    </div>
  );
}
