/** /explore. Search, published-deck grid and cloning arrive with the explore work. */
export function ExplorePage() {
  return (
    <div className="page">
      <h1>Explore</h1>
      <p className="muted">Discover decks published by other learners.</p>
    </div>
  );
}
