import { Link } from '@tanstack/react-router';
import { DueBadge } from '../../components/due-badge';
import { studyToday, useDueCounts } from '../../lib/review';
import { useSession } from '../../lib/session/session-context';
import { spaceInitials, useSpaces } from '../../lib/spaces';
import { useClasses } from '../../lib/class-api';
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
  UsersIcon,
} from '../../components/icons';
import { UserMenu } from './user-menu';

/** A space's initials (all that shows when the sidebar is collapsed) and its title. */
function SpaceEntry({ title, suffix = '' }: { title: string; suffix?: string }) {
  return (
    <>
      <span className="space-initials" aria-hidden="true">
        {spaceInitials(title)}
      </span>
      <span className="label">
        {title}
        {suffix}
      </span>
    </>
  );
}

/** A titled list of the sidebar (spaces, classes), with a short note when it failed to load. */
function SidebarList({
  id,
  title,
  failed,
  children,
}: {
  id: string;
  title: string;
  failed: string | false;
  children: React.ReactNode;
}) {
  return (
    <section className="sidebar-section" aria-labelledby={id}>
      <h2 id={id} className="sidebar-heading label">
        {title}
      </h2>
      {failed && <p className="sidebar-note label">{failed}</p>}
      <ul className="sidebar-list">{children}</ul>
    </section>
  );
}

function SpacesList() {
  const spaces = useSpaces();
  return (
    <SidebarList
      id="sidebar-spaces"
      title="Spaces"
      failed={spaces.isError && 'Failed to load spaces.'}
    >
      {spaces.data?.map((space) => (
        <li key={space._id}>
          <Link
            to="/space/$spaceId"
            params={{ spaceId: space._id }}
            className="sidebar-item"
            activeProps={{ className: 'active' }}
            title={space.title}
          >
            <SpaceEntry title={space.title} />
          </Link>
        </li>
      ))}
    </SidebarList>
  );
}

/**
 * The Classes part (issue 23): joining one, the classes joined (their decks are on /classes, which
 * guests may open too) and the classes taught (each one's dashboard).
 */
function ClassesList() {
  const list = useClasses();
  const joined = list.data?.joined ?? [];
  const teaching = list.data?.teaching ?? [];
  return (
    <SidebarList
      id="sidebar-classes"
      title="Classes"
      failed={list.isError && 'Failed to load classes.'}
    >
      {joined.map((klass) => (
        <li key={klass._id}>
          <Link
            to="/classes"
            hash={`class-${klass._id}`}
            className="sidebar-item"
            title={klass.spaceTitle}
          >
            <SpaceEntry title={klass.spaceTitle} />
          </Link>
        </li>
      ))}
      {teaching.map((klass) => (
        <li key={klass._id}>
          <Link
            to="/space/$spaceId/class"
            params={{ spaceId: klass.spaceId }}
            className="sidebar-item"
            activeProps={{ className: 'active' }}
            title={`${klass.spaceTitle} (you teach)`}
          >
            <SpaceEntry title={klass.spaceTitle} suffix=" (teaching)" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to="/join"
          className="sidebar-item"
          activeProps={{ className: 'active' }}
          title="Join a class"
        >
          <UsersIcon />
          <span className="label">Join a class</span>
        </Link>
      </li>
    </SidebarList>
  );
}

/**
 * The app's places, in the sidebar's order: one list, so each entry is written once. Review and
 * Statistics (issue 20) are for signed-in learners; Explore asks a guest to sign in from here
 * (spec 01 §2.4), although the route itself is open.
 */
const NAV_LINKS = [
  { to: '/create-flashcards', label: 'New', Icon: PlusIcon },
  { to: '/library', label: 'Library', Icon: LibraryIcon },
  { to: '/review', label: 'Review', Icon: RepeatIcon, signedIn: 'only', dueToday: true },
  { to: '/stats', label: 'Statistics', Icon: ChartIcon, signedIn: 'only' },
  { to: '/explore', label: 'Explore', Icon: CompassIcon, signedIn: 'or-sign-in' },
] as const;

type NavLink = (typeof NAV_LINKS)[number];

/** Today's count of cards to study, beside Review. */
function DueToday() {
  const counts = useDueCounts();
  return <DueBadge count={studyToday(counts.data?.total)} compact />;
}

function NavItem({ link, authenticated }: { link: NavLink; authenticated: boolean }) {
  const signIn = useSignInDialog();
  const { Icon, label } = link;
  const signedIn = 'signedIn' in link ? link.signedIn : undefined;
  if (!authenticated && signedIn === 'only') return null;
  if (!authenticated && signedIn === 'or-sign-in') {
    return (
      <button type="button" className="sidebar-item" title={label} onClick={() => signIn.open()}>
        <Icon />
        <span className="label">{label}</span>
      </button>
    );
  }
  return (
    <Link to={link.to} className="sidebar-item" activeProps={{ className: 'active' }} title={label}>
      <Icon />
      <span className="label">{label}</span>
      {'dueToday' in link && <DueToday />}
    </Link>
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
        {NAV_LINKS.map((link) => (
          <NavItem key={link.to} link={link} authenticated={authenticated} />
        ))}
      </nav>

      {authenticated && <SpacesList />}
      {session.status !== 'loading' && session.status !== 'none' && <ClassesList />}

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
