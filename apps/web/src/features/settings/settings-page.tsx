/** /settings. Subscription status and monthly usage arrive with the billing work. */
export function SettingsPage() {
  return (
    <div className="page">
      <h1>Settings</h1>
      <p className="muted">Your subscription and monthly usage will appear here.</p>
    </div>
  );
}
