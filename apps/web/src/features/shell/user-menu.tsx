import { Link } from '@tanstack/react-router';
import { FEEDBACK_EMAIL, mailto } from '../../lib/contact';
import type { SessionUser } from '../../lib/session/session-state';
import { useSignOut } from '../../lib/session/use-sign-out';
import { usePopupMenu } from '../../lib/use-popup-menu';

/** The signed-in user's menu: e-mail, Settings, Feedback (mail), Info, Sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { open, setOpen, root } = usePopupMenu();
  const signOut = useSignOut();

  const initial = (user.firstName || user.email).slice(0, 1).toUpperCase();
  const close = () => setOpen(false);
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="sidebar-item user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={user.email}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="label">{user.firstName || user.email}</span>
      </button>
      {open && (
        <div className="menu" role="menu">
          <p className="menu-email">{user.email}</p>
          <Link to="/settings" role="menuitem" className="menu-item" onClick={close}>
            Settings
          </Link>
          <a
            href={mailto(FEEDBACK_EMAIL, 'Mnemo feedback')}
            role="menuitem"
            className="menu-item"
            onClick={close}
          >
            Feedback
          </a>
          <Link to="/info" role="menuitem" className="menu-item" onClick={close}>
            Info
          </Link>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close();
              signOut();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
