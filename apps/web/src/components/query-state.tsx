/**
 * What a view shows while its query loads and once loading failed: a "Loading..." line, then the
 * error notice with a Try again button when the caller can retry. Nothing once data has arrived,
 * so every list and page words its waiting and its failure the same way.
 */
export function QueryState({
  query,
  loading,
  failed,
  onRetry,
}: {
  query: { isPending: boolean; isError: boolean };
  loading?: string;
  failed: string;
  onRetry?: () => void;
}) {
  if (query.isPending) return loading ? <p className="muted">{loading}</p> : null;
  if (!query.isError) return null;
  return (
    <>
      <p className="notice notice-error" role="alert">
        {failed}
      </p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </>
  );
}
