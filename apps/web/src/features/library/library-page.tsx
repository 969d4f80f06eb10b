/** /library. Deck list, pagination and study-space grid arrive with the library work. */
export function LibraryPage() {
  return (
    <div className="page">
      <h1>Your Library</h1>
      <p className="muted">Your decks and study spaces will appear here.</p>
    </div>
  );
}
