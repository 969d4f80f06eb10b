import { dueTodayLabel } from '../lib/review-format';

/**
 * The 'due today' count beside a deck, a space or the Review link. Nothing is shown for zero, so
 * a place with nothing to study stays quiet. `compact` shows the number alone (the sidebar), with
 * the full words for screen readers.
 */
export function DueBadge({ count, compact = false }: { count: number; compact?: boolean }) {
  if (count <= 0) return null;
  const label = dueTodayLabel(count);
  if (!compact) return <span className="due-badge">{label}</span>;
  return (
    <span className="due-badge due-badge-compact">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
