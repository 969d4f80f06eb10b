import { useSession } from '../../lib/session/session-context';
import { SourceInputs } from '../sources/source-inputs';
import { useSourceDraft } from '../sources/use-source-draft';

export interface CreateSearch {
  /** ?new-space=true preselects creating a new study space. */
  newSpace?: boolean;
  /** ?spaceId=... preselects an existing study space. */
  spaceId?: string;
}

/**
 * /create-flashcards. The Links and Files tabs, the added content and the size meter are here;
 * the options, 'Create Cards' and the video browser arrive with the creation work, which takes the
 * draft's uploaded items from `useSourceDraft`.
 */
export function CreatePage(_props: CreateSearch) {
  const { session } = useSession();
  const draft = useSourceDraft();
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
      <section className="create-sources" aria-labelledby="create-sources-title">
        <h2 id="create-sources-title">Add your content</h2>
        <SourceInputs draft={draft} />
      </section>
    </div>
  );
}
