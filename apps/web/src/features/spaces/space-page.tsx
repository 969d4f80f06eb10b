/** /space/$spaceId. Title editing, deck grid and the space menu arrive with the spaces work. */
export function SpacePage({ spaceId }: { spaceId: string }) {
  return (
    <div className="page" data-space-id={spaceId}>
      <h1>Study Space</h1>
      <p className="muted">The decks of this study space will appear here.</p>
    </div>
  );
}
