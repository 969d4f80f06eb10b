import { Link } from '@tanstack/react-router';
import { DueBadge } from '../../components/due-badge';
import { studyToday, useDueCounts } from '../../lib/review';
import { useSession } from '../../lib/session/session-context';
import { spaceInitials, useSpaces } from '../../lib/spaces';
import { useIsSubscriber } from '../../lib/use-subscription';
import { useSignInDialog } from '../../lib/session/sign-in-dialog';
import { useUpgradeDialog } from '../../components/upgrade-dialog';
import {
  ChartIcon,
  ChevronIcon,
  CompassIcon,
  HelpIcon,
  InfoIcon,
  LibraryIcon,
  LogInIcon,
  PlusIcon,
  RepeatIcon,
  SparkIcon,
} from '../../components/icons';
import { UserMenu } from './user-menu';

function SpacesList() {
  const spaces = useSpaces();
  return (
    <section className="sidebar-section" aria-labelledby="sidebar-spaces">
      <h2 id="sidebar-spaces" className="sidebar-heading label">
        Spaces
      </h2>
      {spaces.isError && <p className="sidebar-note label">Failed to load spaces.</p>}
      <ul className="sidebar-list">
        {spaces.data?.map((space) => (
          <li key={space.id}>
            <Link
              to="/space/$spaceId"
              params={{ spaceId: space.id }}
              className="sidebar-item"
              activeProps={{ className: 'active' }}
              title={space.title}
            >
              <span className="space-initials" aria-hidden="true">
                {spaceInitials(space.title)}
              </span>
              <span className="label">{space.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Review (everything due, with today's count) and Statistics (issue 20), for signed-in learners. */
function ReviewLinks() {
  const counts = useDueCounts();
  const due = studyToday(counts.data?.total);
  return (
    <>
      <Link
        to="/review"
        className="sidebar-item"
        activeProps={{ className: 'active' }}
        title="Review"
      >
        <RepeatIcon />
        <span className="label">Review</span>
        <DueBadge count={due} compact />
      </Link>
      <Link
        to="/stats"
        className="sidebar-item"
        activeProps={{ className: 'active' }}
        title="Statistics"
      >
        <ChartIcon />
        <span className="label">Statistics</span>
      </Link>
    </>
  );
}

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { session } = useSession();
  const signIn = useSignInDialog();
  const subscriber = useIsSubscriber();
  const upgrade = useUpgradeDialog();
  const authenticated = session.status === 'authenticated';

  return (
    <aside className="sidebar" data-collapsed={collapsed} aria-label="Sidebar">
      <div className="sidebar-top">
        <Link to="/" className="brand" title="Mnemo">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="brand-name label">Mnemo</span>
        </Link>
        <button
          type="button"
          className="icon-button sidebar-toggle"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={onToggle}
        >
          <ChevronIcon left={!collapsed} />
        </button>
      </div>

      <nav className="sidebar-nav" aria-label="App">
        <Link
          to="/create-flashcards"
          className="sidebar-item"
          activeProps={{ className: 'active' }}
          title="New"
        >
          <PlusIcon />
          <span className="label">New</span>
        </Link>
        <Link
          to="/library"
          className="sidebar-item"
          activeProps={{ className: 'active' }}
          title="Library"
        >
          <LibraryIcon />
          <span className="label">Library</span>
        </Link>
        {authenticated && <ReviewLinks />}
        {authenticated ? (
          <Link
            to="/explore"
            className="sidebar-item"
            activeProps={{ className: 'active' }}
            title="Explore"
          >
            <CompassIcon />
            <span className="label">Explore</span>
          </Link>
        ) : (
          // Explore needs sign-in from the sidebar (spec 01 §2.4), although the route itself is open.
          <button
            type="button"
            className="sidebar-item"
            title="Explore"
            onClick={() => signIn.open()}
          >
            <CompassIcon />
            <span className="label">Explore</span>
          </button>
        )}
      </nav>

      {authenticated && <SpacesList />}

      <div className="sidebar-bottom">
        {subscriber ? (
          <span className="sidebar-item badge-scholar" title="Scholar">
            <SparkIcon />
            <span className="label">Scholar</span>
          </span>
        ) : authenticated ? (
          // A signed-in free user goes straight to the upgrade dialog (spec 01 §2.5).
          <button
            type="button"
            className="sidebar-item upgrade"
            title="Try Scholar"
            onClick={upgrade.open}
          >
            <SparkIcon />
            <span className="label upgrade-text">
              <span>Try Scholar</span>
              <small>Free plan</small>
            </span>
          </button>
        ) : (
          // Checkout needs an account: a guest sees the plans first.
          <Link to="/plans" className="sidebar-item upgrade" title="Try Scholar">
            <SparkIcon />
            <span className="label upgrade-text">
              <span>Try Scholar</span>
              <small>Free plan</small>
            </span>
          </Link>
        )}
        {upgrade.dialog}
        <Link to="/help" className="sidebar-item" title="Help & support">
          <HelpIcon />
          <span className="label">Help &amp; support</span>
        </Link>
        {session.status === 'authenticated' ? (
          <UserMenu user={session.user} />
        ) : (
          <>
            <button
              type="button"
              className="sidebar-item"
              title="Sign In"
              onClick={() => signIn.open()}
            >
              <LogInIcon />
              <span className="label">Sign In</span>
            </button>
            <Link to="/info" className="sidebar-item" title="Find out more">
              <InfoIcon />
              <span className="label">Find out more</span>
            </Link>
          </>
        )}
      </div>
    </aside>
  );
}
