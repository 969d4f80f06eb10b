import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session/session-context';

/**
 * A class deck as a member opens it: a signed-in member gets the deck area (read and study, no
 * edit or publish controls: the deck's flags say so); a guest member, whom the deck area asks to
 * sign up, studies it on the class study page, which guests may open.
 */
export function ClassDeckLink({
  classId,
  deck,
}: {
  classId: string;
  deck: { _id: string; title: string };
}) {
  const { session } = useSession();
  if (session.status === 'authenticated') {
    return (
      <Link to="/deck/$deckId/summary" params={{ deckId: deck._id }} className="class-deck-link">
        {deck.title}
      </Link>
    );
  }
  return (
    <Link
      to="/classes/$classId/study/$deckId"
      params={{ classId, deckId: deck._id }}
      className="class-deck-link"
    >
      {deck.title}
    </Link>
  );
}
