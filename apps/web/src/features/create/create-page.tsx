import { useSession } from '../../lib/session/session-context';

export interface CreateSearch {
  /** ?new-space=true preselects creating a new study space. */
  newSpace?: boolean;
  /** ?spaceId=... preselects an existing study space. */
  spaceId?: string;
}

/** /create-flashcards. The sources form, options and video browser arrive with the creation work. */
export function CreatePage(_props: CreateSearch) {
  const { session } = useSession();
  return (
    <div className="page">
      <h1>Create Flashcards</h1>
      {session.status === 'anonymous' && (
        <p className="notice notice-info">
          Welcome! You can create flashcards as a guest, no account needed.
        </p>
      )}
      <p className="muted">
        Add links, videos or documents and Mnemo will turn them into study cards.
      </p>
    </div>
  );
}
