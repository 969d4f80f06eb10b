/** A meter from 0 to 1 with its label and percentage: mastery of a concept. */
export function ShareBar({ label, share }: { label: string; share: number }) {
  const value = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <span
      className="share-bar"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}%`}
    >
      <span className="share-bar-fill" style={{ width: `${value}%` }} data-level={level(value)} />
    </span>
  );
}

function level(value: number): 'low' | 'mid' | 'high' {
  return value < 40 ? 'low' : value < 75 ? 'mid' : 'high';
}
