import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { DueBadge } from '../../components/due-badge';
import { logWarning } from '../../lib/log';
import { deckDueCounts, studyToday, useDueCounts } from '../../lib/review';
import { spacesQueryKey } from '../../lib/spaces';
import { editedTitle } from '../../lib/deck-list';
import { decksQueryKey } from '../../lib/library-queries';
import { spaceQueryKey } from '../../lib/space-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChevronIcon } from '../../components/icons';
import {
  afterDeleteTarget,
  deckBackTarget,
  publishedByLine,
  type DeckViewerState,
} from './deck-access';
import { deckApi } from './deck-api';
import { CloneControl, PublishControl } from './deck-publish-controls';
import { deckQueryKey } from '../../lib/deck-queries';
import { usePopupMenu } from '../../lib/use-popup-menu';
import { downloadDeck } from '../../lib/exchange-api';
import { EXPORT_FILES, EXPORT_FORMATS, type ExportFormat } from '@mnemo/contracts/api/exchange';

/** Every deck list starts with 'decks': a renamed or deleted deck reloads them all. */
const allDeckLists = decksQueryKey().slice(0, 1);

/**
 * The deck header (spec 02 §2): back arrow, the title with inline edit, the publish toggle and the
 * clone slot, the Edit Deck / Delete Deck menu for editors, and 'Published by ...'.
 */
export function DeckHeader({ deck, viewer }: { deck: Deck; viewer: DeckViewerState }) {
  const back = deckBackTarget(deck);
  const [deleting, setDeleting] = useState(false);
  const publishedBy = publishedByLine(deck);
  return (
    <header className="deck-header">
      <div className="deck-header-row">
        <Link {...back} className="icon-button deck-back" aria-label="Back">
          <ChevronIcon left />
        </Link>
        <DeckTitle deck={deck} canEdit={viewer.canEdit} />
        <div className="deck-header-actions">
          {viewer.canEdit && <DeckDue deckId={deck._id} />}
          <Link
            to="/deck/$deckId/quiz"
            params={{ deckId: deck._id }}
            className="btn"
            activeProps={{ 'aria-current': 'page' }}
          >
            Summary quiz
          </Link>
          {viewer.showPublish && <PublishControl deck={deck} viewer={viewer} />}
          <CloneControl viewer={viewer} />
          <DeckMenu deck={deck} canEdit={viewer.canEdit} onDelete={() => setDeleting(true)} />
        </div>
      </div>
      {publishedBy && <p className="deck-published-by muted">{publishedBy}</p>}
      {viewer.canEdit && (
        <DeleteDeckDialog deck={deck} open={deleting} onClose={() => setDeleting(false)} />
      )}
    </header>
  );
}

/** What is due today in this deck, and the way into Review mode (issue 20). */
function DeckDue({ deckId }: { deckId: string }) {
  const counts = useDueCounts();
  const due = studyToday(deckDueCounts(counts.data, deckId));
  if (due <= 0) return null;
  return (
    <Link
      to="/deck/$deckId/flashcards"
      params={{ deckId }}
      search={{ mode: 'review' }}
      className="btn deck-review"
    >
      Review <DueBadge count={due} />
    </Link>
  );
}

/**
 * The title, edited in place by editors: Enter or leaving the field saves the trimmed title,
 * Escape cancels, an emptied field puts the old title back (spec 02 §2, §5). The new title shows
 * at once; a failed save is only logged (spec 02 §8) and the old title comes back.
 */
function DeckTitle({ deck, canEdit }: { deck: Deck; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(deck.title);
  const input = useRef<HTMLInputElement>(null);
  // Escape also blurs the field; that blur must not save.
  const cancelled = useRef(false);

  useEffect(() => {
    if (!editing) return;
    cancelled.current = false;
    input.current?.focus();
    input.current?.select();
  }, [editing]);

  const setCachedTitle = (title: string) =>
    queryClient.setQueryData<DeckResponse>(deckQueryKey(deck._id), (d) => d && { ...d, title });

  const rename = useMutation({
    mutationFn: (title: string) => deckApi.update(deck._id, { title }),
    onMutate: (title) => {
      const previous = deck.title;
      setCachedTitle(title);
      return { previous };
    },
    // The answer leaves out the sources' text, which the chat uses: only its title is taken.
    onSuccess: (saved) => {
      setCachedTitle(saved.title);
      void queryClient.invalidateQueries({ queryKey: allDeckLists });
    },
    onError: (error, _title, context) => {
      logWarning('Failed to rename the deck', error);
      if (context) setCachedTitle(context.previous);
    },
  });

  function finish(save: boolean) {
    if (!editing) return;
    setEditing(false);
    if (!save || cancelled.current) return;
    const title = editedTitle(draft);
    if (title !== null && title !== deck.title) rename.mutate(title);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelled.current = true;
      finish(false);
    }
  }

  if (!canEdit) return <p className="deck-title">{deck.title}</p>;
  if (!editing) {
    return (
      <p className="deck-title">
        <button
          type="button"
          className="deck-title-button"
          title="Click to rename"
          onClick={() => {
            setDraft(deck.title);
            setEditing(true);
          }}
        >
          {deck.title}
        </button>
      </p>
    );
  }
  return (
    <input
      ref={input}
      className="deck-title-input"
      type="text"
      aria-label="Deck title"
      maxLength={200}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
    />
  );
}

/**
 * The overflow menu: Edit Deck (the edit tab) and Delete Deck for editors, and Export in each
 * format for anyone who sees the deck (issue 24; the owner's file carries their review history).
 */
function DeckMenu({ deck, canEdit, onDelete }: { deck: Deck; canEdit: boolean; onDelete: () => void }) {
  const { open, setOpen, root } = usePopupMenu();
  const navigate = useNavigate();
  const deckId = deck._id;
  const [exportError, setExportError] = useState<string | null>(null);
  const exportAs = (format: ExportFormat) => {
    setExportError(null);
    downloadDeck(deck, format).catch((error: unknown) => {
      logWarning('Failed to export the deck', error);
      setExportError('The deck could not be exported. Please try again.');
    });
  };

  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="deck-menu" ref={root}>
      <button
        type="button"
        className="btn deck-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Deck options"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div className="menu deck-menu-list" role="menu">
          {canEdit && (
            <>
              <button
                type="button"
                role="menuitem"
                className="menu-item"
                onClick={pick(() => void navigate({ to: '/deck/$deckId/edit', params: { deckId } }))}
              >
                Edit Deck
              </button>
              <button type="button" role="menuitem" className="menu-item" onClick={pick(onDelete)}>
                Delete Deck
              </button>
            </>
          )}
          <p className="menu-label muted" role="presentation">
            Export
          </p>
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={pick(() => exportAs(format))}
            >
              {EXPORT_FILES[format].label}
            </button>
          ))}
        </div>
      )}
      {exportError && (
        <p className="notice notice-error deck-export-error" role="alert">
          {exportError}
        </p>
      )}
    </div>
  );
}

/**
 * Delete Deck's confirmation. Deleting goes to the deck's space or the library; a failure is only
 * logged (spec 02 §8) and the deck stays.
 */
function DeleteDeckDialog({
  deck,
  open,
  onClose,
}: {
  deck: Deck;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deckApi.remove(deck._id),
    onSuccess: async () => {
      if (deck.studySpace) {
        void queryClient.invalidateQueries({ queryKey: spaceQueryKey(deck.studySpace) });
      }
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      void queryClient.invalidateQueries({ queryKey: allDeckLists });
      await navigate(afterDeleteTarget(deck));
      // Only once the deck's pages are gone, or they would ask for the deleted deck again.
      queryClient.removeQueries({ queryKey: deckQueryKey(deck._id) });
    },
    onError: (error) => {
      logWarning('Failed to delete the deck', error);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title="Delete Deck"
      confirmLabel="Delete Deck"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    >
      <p>
        Delete "{deck.title}"? Its sources, cards and saved chats are deleted too. This cannot be
        undone.
      </p>
    </ConfirmDialog>
  );
}
