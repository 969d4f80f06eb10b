import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Space } from '@mnemo/contracts/entities/space';
import { DueBadge } from '../../components/due-badge';
import { decksDueTotal, useDueCounts } from '../../lib/review';
import { spacesQueryKey } from '../../lib/spaces';
import { DeckCard } from './deck-card';
import {
  LIBRARY_MESSAGES,
  deckCountLabel,
  editedTitle,
  filterDecksByTitle,
} from '../../lib/deck-list';
import { decksQueryKey, useDecks } from '../../lib/library-queries';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PlusIcon } from '../../components/icons';
import { isSpaceMissing, spaceQueryKey, spaces, useSpace } from '../../lib/space-api';
import { usePopupMenu } from '../../lib/use-popup-menu';
import { ImportDeck } from './import-deck';
import { QueryState } from '../../components/query-state';
import { SearchBox } from './search-box';
import './library.css';

/**
 * /space/$spaceId (spec 01 §2.8): the title with inline edit, the Edit Space / Delete Space menu,
 * a search over the space's decks by title, the deck cards and a 'Create New Deck' card; the route
 * may hand in the class panel (issue 23), shown under the title.
 */
export function SpacePage({ spaceId, classPanel }: { spaceId: string; classPanel?: ReactNode }) {
  const space = useSpace(spaceId);
  if (space.isPending) {
    return (
      <div className="page space-page">
        <p className="muted">Loading study space...</p>
      </div>
    );
  }
  if (space.isError) {
    return (
      <div className="page space-page">
        {isSpaceMissing(space.error) ? (
          <>
            <h1>{LIBRARY_MESSAGES.spaceNotFound}</h1>
            <Link to="/library" className="btn">
              Back to Library
            </Link>
          </>
        ) : (
          <QueryState
            query={space}
            failed={LIBRARY_MESSAGES.spaceFailed}
            onRetry={() => void space.refetch()}
          />
        )}
      </div>
    );
  }
  return <SpaceView space={space.data} classPanel={classPanel} />;
}

function SpaceView({ space, classPanel }: { space: Space; classPanel: ReactNode }) {
  const decks = useDecks(space._id);
  const dueCounts = useDueCounts();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [term, setTerm] = useState('');
  const shown = decks.data ? filterDecksByTitle(decks.data, term) : [];

  return (
    <div className="page space-page">
      <header className="space-head">
        <SpaceTitle space={space} editing={editing} onEditingChange={setEditing} />
        <SpaceMenu onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
      </header>
      <p className="muted space-meta">
        {deckCountLabel(decks.data?.length ?? space.decks.length)}
        <DueBadge count={decksDueTotal(dueCounts.data, decks.data?.map((d) => d._id) ?? [])} />
      </p>
      {classPanel}

      <SearchBox
        label="Search decks in this space"
        placeholder="Search decks by title..."
        value={term}
        onChange={setTerm}
      />

      <section className="library-section" aria-label="Decks in this space">
        <QueryState
          query={decks}
          loading="Loading decks..."
          failed={LIBRARY_MESSAGES.decksFailed}
        />
        {decks.data?.length === 0 && (
          <p className="library-empty muted">{LIBRARY_MESSAGES.spaceEmpty}</p>
        )}
        {decks.data && decks.data.length > 0 && shown.length === 0 && (
          <p className="library-empty muted" role="status">
            {LIBRARY_MESSAGES.noMatches}
          </p>
        )}
        <ul className="deck-grid" aria-label="Decks">
          <li>
            <Link to="/create-flashcards" search={{ spaceId: space._id }} className="new-deck-card">
              <PlusIcon />
              Create New Deck
            </Link>
          </li>
          {shown.map((deck) => (
            <DeckCard key={deck._id} deck={deck} />
          ))}
        </ul>
      </section>

      <ImportDeck spaces={[space]} />

      <DeleteSpaceDialog
        space={space}
        deckCount={decks.data?.length ?? space.decks.length}
        open={deleting}
        onClose={() => setDeleting(false)}
      />
    </div>
  );
}

/** The title, edited in place: Enter or leaving the field saves, Escape cancels (spec 02 §5). */
function SpaceTitle({
  space,
  editing,
  onEditingChange,
}: {
  space: Space;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(space.title);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Escape also blurs the field; that blur must not save.
  const cancelled = useRef(false);

  useEffect(() => {
    if (!editing) return;
    setDraft(space.title);
    setError(null);
    cancelled.current = false;
    input.current?.focus();
    input.current?.select();
  }, [editing, space.title]);

  const rename = useMutation({
    mutationFn: (title: string) => spaces.rename(space._id, title),
    onSuccess: (saved) => {
      queryClient.setQueryData(spaceQueryKey(space._id), saved);
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      onEditingChange(false);
    },
    onError: () => setError(LIBRARY_MESSAGES.renameFailed),
  });

  function save(fromBlur: boolean) {
    if (cancelled.current || rename.isPending) return;
    const title = editedTitle(draft);
    if (title === null) {
      // Leaving an emptied field puts the old title back; Enter says why it cannot be saved.
      if (fromBlur) onEditingChange(false);
      else setError(LIBRARY_MESSAGES.titleRequired);
      return;
    }
    if (title === space.title) {
      onEditingChange(false);
      return;
    }
    rename.mutate(title);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save(false);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelled.current = true;
      onEditingChange(false);
    }
  }

  if (!editing) {
    return (
      <h1 className="space-title">
        <button
          type="button"
          className="space-title-button"
          title="Click to rename"
          onClick={() => onEditingChange(true)}
        >
          {space.title}
        </button>
      </h1>
    );
  }
  return (
    <div className="space-title-edit">
      <input
        ref={input}
        className="space-title-input"
        type="text"
        aria-label="Space title"
        maxLength={200}
        value={draft}
        disabled={rename.isPending}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => save(true)}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function SpaceMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { open, setOpen, root } = usePopupMenu();

  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="space-menu" ref={root}>
      <button
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Space options
      </button>
      {open && (
        <div className="menu space-menu-list" role="menu">
          <button type="button" role="menuitem" className="menu-item" onClick={pick(onEdit)}>
            Edit Space
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={pick(onDelete)}>
            Delete Space
          </button>
        </div>
      )}
    </div>
  );
}

function DeleteSpaceDialog({
  space,
  deckCount,
  open,
  onClose,
}: {
  space: Space;
  deckCount: number;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => spaces.remove(space._id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: spaceQueryKey(space._id) });
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      void queryClient.invalidateQueries({ queryKey: decksQueryKey().slice(0, 1) });
      void navigate({ to: '/library' });
    },
    onError: () => setError(LIBRARY_MESSAGES.deleteFailed),
  });

  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title="Delete Space"
      confirmLabel="Delete Space"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      error={error}
      onConfirm={() => remove.mutate()}
      onCancel={close}
    >
      <p>
        Delete "{space.title}"?{' '}
        {deckCount > 0 ? `Its ${deckCountLabel(deckCount)} will be deleted too. ` : ''}
        This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
