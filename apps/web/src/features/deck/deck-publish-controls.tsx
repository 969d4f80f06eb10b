import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { logWarning } from '../../lib/log';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { cloneButtonLabel, initialCloneState } from './clone-flow';
import { useClonePrompt } from '../../lib/clone-prompt';
import { DECK_MESSAGES, type DeckViewerState } from './deck-access';
import { deckQueryKey } from '../../lib/deck-queries';
import { publishCloneApi } from './publish-clone-api';
import { PUBLISH_MESSAGES, publishDialogCopy } from './publish-copy';

/**
 * The header's publish toggle (spec 02 §2, §6). The owner's opens the publish confirmation;
 * non-owners see it disabled with 'Clone deck to publish'.
 */
export function PublishControl({ deck, viewer }: { deck: Deck; viewer: DeckViewerState }) {
  const [confirming, setConfirming] = useState(false);
  if (viewer.publishDisabled) {
    return (
      // A disabled button gets no pointer events, so the wrapper carries the tooltip too.
      <span className="deck-publish" title={DECK_MESSAGES.publishNeedsClone}>
        <button
          type="button"
          className="btn"
          aria-pressed={deck.isPublished}
          title={DECK_MESSAGES.publishNeedsClone}
          disabled
        >
          {deck.isPublished ? 'Published' : 'Publish'}
        </button>
      </span>
    );
  }
  return (
    <span className="deck-publish">
      <button
        type="button"
        className={deck.isPublished ? 'btn deck-published' : 'btn'}
        aria-pressed={deck.isPublished}
        title={deck.isPublished ? PUBLISH_MESSAGES.unpublishHint : PUBLISH_MESSAGES.publishHint}
        onClick={() => setConfirming(true)}
      >
        {deck.isPublished ? 'Published' : 'Publish'}
      </button>
      <PublishDialog deck={deck} open={confirming} onClose={() => setConfirming(false)} />
    </span>
  );
}

/**
 * The publish confirmation (spec 02 §2, §4): 'Publish Deck' with the anonymous option, or
 * 'Unpublish Deck'. The deck's cached answer takes the new state, so 'Published by ...' follows at
 * once; a failure is only logged (spec 02 §8) and the deck stays as it was.
 */
function PublishDialog({
  deck,
  open,
  onClose,
}: {
  deck: Deck;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [anonymous, setAnonymous] = useState(false);
  const anonymousField = useId();
  // Each opening starts with the deck published under the owner's name.
  useEffect(() => {
    if (open) setAnonymous(false);
  }, [open]);
  const publishing = !deck.isPublished;
  const copy = publishDialogCopy(publishing);

  const toggle = useMutation({
    mutationFn: () =>
      publishCloneApi.publish(deck._id, {
        isPublished: publishing,
        publishedAnonymously: publishing && anonymous,
      }),
    onSuccess: ({ deck: saved }) => {
      // Only the publishing fields are taken: the rest of the cached deck (its sources' text, which
      // the chat uses) stays as loaded.
      queryClient.setQueryData<DeckResponse>(
        deckQueryKey(deck._id),
        (d) =>
          d && {
            ...d,
            isPublished: saved.isPublished,
            publishedAnonymously: saved.publishedAnonymously,
            publishedAt: saved.publishedAt,
            ownerName: saved.ownerName,
          },
      );
      void queryClient.invalidateQueries({ queryKey: ['explore'] });
      onClose();
    },
    onError: (error) => {
      logWarning(publishing ? 'Failed to publish the deck' : 'Failed to unpublish the deck', error);
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={open}
      title={copy.title}
      confirmLabel={copy.confirm}
      pendingLabel={copy.pending}
      tone="primary"
      pending={toggle.isPending}
      onConfirm={() => toggle.mutate()}
      onCancel={onClose}
    >
      <p>{copy.text}</p>
      {publishing && (
        <label className="publish-anonymous" htmlFor={anonymousField}>
          <input
            id={anonymousField}
            type="checkbox"
            checked={anonymous}
            disabled={toggle.isPending}
            onChange={(e) => setAnonymous(e.target.checked)}
          />{' '}
          {PUBLISH_MESSAGES.anonymousOption}
        </label>
      )}
    </ConfirmDialog>
  );
}

/**
 * The clone button a signed-in non-owner of a published deck sees (spec 02 §4, §6): it opens the
 * clone dialog, where the idle / cloning / success states play.
 */
export function CloneControl({ viewer }: { viewer: DeckViewerState }) {
  const prompt = useClonePrompt();
  if (!viewer.offerClone) return null;
  return (
    <span className="deck-clone">
      <button type="button" className="btn btn-primary" onClick={() => prompt.open('clone-button')}>
        {cloneButtonLabel(initialCloneState)}
      </button>
    </span>
  );
}
