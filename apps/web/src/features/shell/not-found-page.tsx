import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <div className="page-narrow not-found">
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist.</p>
      <Link to="/create-flashcards" className="btn btn-primary">
        Go to Create Flashcards
      </Link>
    </div>
  );
}
