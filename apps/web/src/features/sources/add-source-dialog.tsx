import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Source } from '@mnemo/contracts/entities/source';
import { Dialog } from '../../components/dialog';
import { reloadDeck } from '../../lib/deck-queries';
import { sources as calls } from '../../lib/sources/source-api';
import { sourceInputFor } from '../../lib/sources/source-draft';
import { addSourceFailedMessage } from '../../lib/sources/source-messages';
import { addSourcesBlocker } from '../../lib/sources/source-rules';
import { SourceInputs } from '../../components/source-inputs';
import { useSourceDraft } from '../../lib/sources/use-source-draft';
import { useDeckSize } from './use-deck-size';

interface DeckForSources {
  _id: string;
  sources: readonly Source[];
}

export function AddSourceDialog({
  open,
  onClose,
  deck,
}: {
  open: boolean;
  onClose: () => void;
  deck: DeckForSources;
}) {
  return (
    <Dialog open={open} onDismiss={onClose} labelledBy="add-source-title" className="dialog-wide">
      <AddSourceContent deck={deck} onClose={onClose} />
    </Dialog>
  );
}

/**
 * Spec 02 §2 and §4: links and files (uploaded as they are added), then POST /decks/:id/sources for
 * each, then the deck reloads. A failure stops at that item; those already added leave the list.
 */
function AddSourceContent({ deck, onClose }: { deck: DeckForSources; onClose: () => void }) {
  const queryClient = useQueryClient();
  const existingUrls = deck.sources.flatMap((s) => (s.type !== 'document' && s.url ? [s.url] : []));
  const draft = useSourceDraft({ existingUrls });
  const deckSize = useDeckSize(deck._id);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // Something new was added: the last refusal no longer applies.
  const count = draft.items.length;
  const lastCount = useRef(count);
  useEffect(() => {
    if (count > lastCount.current) setError(null);
    lastCount.current = count;
  }, [count]);

  async function onAdd() {
    const blocked = addSourcesBlocker(deck.sources, {
      count: draft.items.length,
      uploading: draft.uploading,
    });
    setError(blocked);
    if (blocked) return;
    setAdding(true);
    const added: string[] = [];
    try {
      for (const item of draft.items) {
        const body = sourceInputFor(item);
        if (!body) continue;
        await calls.addSource(deck._id, body);
        added.push(item.id);
      }
    } catch (e) {
      setError(addSourceFailedMessage(e));
      draft.removeMany(added);
      if (added.length > 0) void reloadDeck(queryClient, deck._id);
      setAdding(false);
      return;
    }
    await reloadDeck(queryClient, deck._id);
    setAdding(false);
    onClose();
  }

  return (
    <>
      <h2 id="add-source-title">Add Source</h2>
      <p className="muted">Add website or YouTube links, or documents, slides, e-books and pictures.</p>
      <SourceInputs draft={draft} deckSize={deckSize} disabled={adding} />
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={adding}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void onAdd()}
          disabled={adding}
        >
          {adding ? 'Adding...' : 'Add Sources'}
        </button>
      </div>
    </>
  );
}
