import type { ReactNode } from 'react';
import { useSession } from '../../lib/session/session-context';
import { useTimeZoneSync } from '../../lib/use-time-zone-sync';
import { Sidebar } from './sidebar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

function SessionNotice() {
  const { session, dismissNotice } = useSession();
  if (session.status === 'none') {
    return (
      <p className="notice notice-error" role="alert">
        {session.error}
      </p>
    );
  }
  if (session.status !== 'anonymous' || !session.notice) return null;
  return (
    <p className="notice notice-info" role="status">
      <span>{session.notice}</span>
      <button type="button" className="link-button" onClick={dismissNotice}>
        Dismiss
      </button>
    </p>
  );
}

/** The signed-in / guest application frame: collapsible sidebar and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const [collapsed, toggle] = useSidebarCollapsed();
  useTimeZoneSync();
  return (
    <div className="app-shell" data-sidebar-collapsed={collapsed}>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <main className="app-main">
        <SessionNotice />
        {children}
      </main>
    </div>
  );
}
