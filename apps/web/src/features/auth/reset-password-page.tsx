import { Link } from '@tanstack/react-router';

/** /reset-password?token=... Token validation and the form arrive with the auth work. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  if (!token) {
    return (
      <div className="page-narrow">
        <h1>Invalid reset link</h1>
        <p className="muted">
          This link is missing its token. Request a new one from the sign-in dialog.
        </p>
        <Link to="/">Go to the home page</Link>
      </div>
    );
  }
  return (
    <div className="page-narrow">
      <h1>Reset your password</h1>
      <p className="muted">Choosing a new password will be available here soon.</p>
    </div>
  );
}
