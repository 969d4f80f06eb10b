import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { DeckLength } from '@mnemo/contracts/entities/deck';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import { CUSTOM_INSTRUCTIONS_MAX } from '@mnemo/contracts/entities/deck';
import { QUESTION_TYPES } from '@mnemo/contracts/entities/question';
import { serverErrorField } from '../../lib/api';
import { logWarning } from '../../lib/log';
import { savePendingGeneration } from '../../lib/pending-generation';
import { useSession } from '../../lib/session/session-context';
import { spacesQueryKey, useSpaces } from '../../lib/spaces';
import { LOCAL_KEYS, browserLocalStorage, writeKey } from '../../lib/storage-keys';
import { useIsSubscriber } from '../../lib/use-subscription';
import { useSignInDialog } from '../../lib/session/sign-in-dialog';
import { deckQueryKey } from '../../lib/deck-queries';
import { sourceInputFor } from '../../lib/sources/source-draft';
import { SourceInputs } from '../../components/source-inputs';
import { useSourceDraft } from '../../lib/sources/use-source-draft';
import { anonymousLimitsQueryKey, createCalls, fetchAnonymousLimits } from './create-api';
import { CreationError, runCreation, type CreationDone, type CreationRequest } from './create-flow';
import {
  CREATE_MESSAGES,
  DEFAULT_LENGTH,
  DEFAULT_QUESTION_TYPES,
  FREE_PLAN_NOTE,
  GUEST_SPACE_TITLE,
  LENGTH_OPTIONS,
  QUESTION_TYPE_LABELS,
  cardCount,
  creationFailedMessage,
  deckTitleFor,
  defaultDeckTitle,
  generationFailedMessage,
  initialSpaceChoice,
  isLastQuestionType,
  isLimitReached,
  toggleQuestionType,
  validateCreate,
  type SpaceChoice,
} from './create-form';
import { CreationProcessing } from './creation-processing';
import { LimitReachedDialog } from '../../components/limit-reached-dialog';
import { VideoBrowser } from './video-browser';
import './create.css';

export interface CreateSearch {
  /** ?new-space=true preselects creating a new study space. */
  newSpace?: boolean;
  /** ?spaceId=... preselects an existing study space. */
  spaceId?: string;
}

const NEW_SPACE_VALUE = '__new__';
const calls = createCalls();

/** What the first generation on the edit screen will ask for (the pending generation record). */
interface GenerationPlan {
  deckId: string;
  count: number;
  questionTypes: QuestionType[];
  focusInstructions: string | null;
}

type Phase = 'editing' | 'creating' | 'processing';

/**
 * /create-flashcards (spec 01 §2.6, §4.2): Links and Files with the added content and size meter,
 * the deck options, 'Create Cards' with the checks of §5, then space, deck, processing of each
 * source, the pending generation record, and the edit screen. The video browser sits underneath.
 */
export function CreatePage({ newSpace = false, spaceId }: CreateSearch) {
  const { session } = useSession();
  const authenticated = session.status === 'authenticated';
  const guestSessionId = session.status === 'anonymous' ? session.anonymous.sessionId : null;
  const draft = useSourceDraft();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useSignInDialog();
  const subscriber = useIsSubscriber();
  const spaces = useSpaces();
  const ids = useId();

  const [pickedSpace, setPickedSpace] = useState<SpaceChoice | null>(null);
  const [newSpaceName, setNewSpaceName] = useState('');
  const [title, setTitle] = useState('');
  const [length, setLength] = useState<DeckLength>(DEFAULT_LENGTH);
  const [questionTypes, setQuestionTypes] = useState<QuestionType[]>([...DEFAULT_QUESTION_TYPES]);
  const [focus, setFocus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [plan, setPlan] = useState<GenerationPlan | null>(null);
  const [done, setDone] = useState<CreationDone>({});
  // The space this creation made, if any: it goes too when every source fails (issue 18.3).
  const [madeSpace, setMadeSpace] = useState<{ id: string; title: string } | null>(null);
  // Every source failed: each with why, under the form's error.
  const [failures, setFailures] = useState<{ id: string; title: string; reason: string }[]>([]);
  // Some sources were read and some failed: the learner retries them or goes on.
  const [partial, setPartial] = useState<DeckResponse | null>(null);
  const [limit, setLimit] = useState<{ open: boolean; message: string }>({
    open: false,
    message: '',
  });

  // Until the user picks a space, the preselection follows the address and the loaded spaces.
  const space = pickedSpace ?? initialSpaceChoice({ newSpace, spaceId, spaces: spaces.data });
  // The address changed (a sidebar link, 'Create New Space'): its preselection wins again.
  useEffect(() => setPickedSpace(null), [newSpace, spaceId]);
  // A deck made from other content cannot be reused by a retry.
  useEffect(() => setDone({}), [draft.items]);

  const guestLimits = useQuery({
    queryKey: anonymousLimitsQueryKey(guestSessionId ?? ''),
    queryFn: ({ signal }) => fetchAnonymousLimits(guestSessionId ?? '', signal),
    enabled: guestSessionId !== null,
    retry: false,
  });

  const busy = phase !== 'editing';
  const defaultTitle = useMemo(() => defaultDeckTitle(draft.items), [draft.items]);

  function limitReached(cause: unknown) {
    const message = serverErrorField(cause) ?? (cause instanceof Error ? cause.message : '');
    setError(creationFailedMessage(cause));
    if (authenticated) {
      setLimit({ open: true, message });
    } else {
      signIn.open('register');
      if (guestSessionId)
        void queryClient.invalidateQueries({ queryKey: anonymousLimitsQueryKey(guestSessionId) });
    }
  }

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validateCreate({
      authenticated,
      items: draft.items,
      uploading: draft.uploading,
      space,
      newSpaceName,
    });
    setError(problem);
    setFailures([]);
    if (problem) return;

    const request: CreationRequest = {
      space: !authenticated
        ? { kind: 'guest' }
        : space.kind === 'new'
          ? { kind: 'new', title: newSpaceName }
          : { kind: 'existing', id: space.id },
      deck: {
        title: authenticated ? deckTitleFor(title, draft.items) : defaultTitle,
        description: '',
        sources: draft.items.flatMap((item) => {
          const body = sourceInputFor(item);
          if (!body) return [];
          return ['source' in body ? body.source : body];
        }),
        focusInstructions: focus.trim() === '' ? null : focus.trim(),
        questionTypes,
        ...(authenticated ? { length } : {}),
      },
    };
    setPhase('creating');
    try {
      const { deck } = await runCreation(request, calls, done, {
        onSpaceCreated: (created) => {
          setMadeSpace({ id: created._id, title: created.title });
          // Selected from now on, so a retry puts the deck there instead of making another space.
          setPickedSpace({ kind: 'existing', id: created._id });
          setNewSpaceName('');
          void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
        },
        onDeckCreated: () => {
          void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
          void queryClient.invalidateQueries({ queryKey: ['decks'] });
          if (guestSessionId)
            void queryClient.invalidateQueries({
              queryKey: anonymousLimitsQueryKey(guestSessionId),
            });
        },
      });
      setDone({ deck });
      queryClient.setQueryData(deckQueryKey(deck._id), deck);
      setPlan({
        deckId: deck._id,
        count: cardCount(authenticated, length),
        questionTypes,
        focusInstructions: request.deck.focusInstructions ?? null,
      });
      setPhase('processing');
    } catch (failure) {
      setPhase('editing');
      if (!(failure instanceof CreationError)) {
        setError(CREATE_MESSAGES.processFailed);
        return;
      }
      setDone(failure.done.deck ? { deck: failure.done.deck } : {});
      if (isLimitReached(failure.cause)) limitReached(failure.cause);
      else if (failure.stage === 'process') setError(generationFailedMessage(failure.cause));
      else setError(creationFailedMessage(failure.cause));
    }
  }

  function onProcessed(deck: DeckResponse) {
    if (!plan) return;
    const read = deck.sources.filter((s) => s.processingStatus === 'completed').length;
    if (read === 0) {
      void discardFailedCreation(deck);
      return;
    }
    if (read < deck.sources.length) {
      // Some failed: the deck stays; each failed source says why, with Retry, or go on without.
      setPartial(deck);
      return;
    }
    openEditScreen();
  }

  function openEditScreen() {
    if (!plan) return;
    savePendingGeneration(plan);
    if (!authenticated) writeKey(browserLocalStorage(), LOCAL_KEYS.anonymousDeckCreated, 'true');
    void navigate({ to: '/deck/$deckId/edit', params: { deckId: plan.deckId } });
  }

  /**
   * Nothing to make cards from: say why, and have the deck service remove what this attempt made
   * (the deck, and the space if it made it), so a failed attempt leaves no empty deck counting
   * toward the limit (issue 18.3). Should that call fail, the deck stays and 'Create Cards'
   * retries its sources, as before.
   */
  async function discardFailedCreation(deck: DeckResponse) {
    const reason = deck.sources.find((s) => s.processingError)?.processingError;
    setError(generationFailedMessage(reason ?? CREATE_MESSAGES.nothingProcessed));
    setFailures(
      deck.sources.map((s) => ({
        id: s._id,
        title: s.title,
        reason: s.processingError ?? CREATE_MESSAGES.nothingProcessed,
      })),
    );
    try {
      const removeSpace = madeSpace !== null && madeSpace.id === deck.studySpace;
      const { removedSpace } = await calls.discardFailedCreation(deck._id, removeSpace);
      setDone({});
      queryClient.removeQueries({ queryKey: deckQueryKey(deck._id) });
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['decks'] });
      if (guestSessionId)
        void queryClient.invalidateQueries({ queryKey: anonymousLimitsQueryKey(guestSessionId) });
      if (removedSpace && madeSpace && authenticated) {
        // The space is gone: the form asks for a new one by the same name again.
        setPickedSpace({ kind: 'new' });
        setNewSpaceName(madeSpace.title);
      }
      setMadeSpace(null);
    } catch (cause) {
      logWarning('could not remove the deck of a failed creation', cause);
      setDone({ deck });
    } finally {
      setPlan(null);
      setPhase('editing');
    }
  }

  const spaceSelectId = `${ids}-space`;
  const limits = guestLimits.data;
  return (
    <div className="page create-page">
      <h1>Create Flashcards</h1>
      {session.status === 'anonymous' && (
        <section className="notice notice-info welcome-banner" aria-label="Welcome">
          <div>
            <strong>Welcome to Mnemo!</strong>
            <p>
              Create flashcards as a guest, no account needed.{' '}
              {/* One source: the worker renames the deck after the document's own title. */}
              {draft.items.length === 1
                ? `Your deck will take its source's title and be kept in "${GUEST_SPACE_TITLE}".`
                : `Your deck will be called "${defaultTitle}" and kept in "${GUEST_SPACE_TITLE}".`}
              {limits &&
                ` As a guest you can make up to ${limits.limits.decksPerSpace} decks of ${limits.limits.cardsPerDeck} cards (${limits.usage.decks} made so far).`}
            </p>
          </div>
          <button type="button" className="btn" onClick={() => signIn.open('register')}>
            Sign up free
          </button>
        </section>
      )}
      <p className="muted">
        Add links, videos or documents and Mnemo will turn them into study cards.
      </p>

      <section className="create-sources" aria-labelledby="create-sources-title">
        <h2 id="create-sources-title">Add your content</h2>
        <SourceInputs draft={draft} disabled={busy} />
      </section>

      <form className="create-options" onSubmit={onCreate} noValidate aria-label="Deck options">
        {authenticated && (
          <div className="create-grid">
            <div className="field">
              <label htmlFor={spaceSelectId}>Study space</label>
              <select
                id={spaceSelectId}
                value={space.kind === 'new' ? NEW_SPACE_VALUE : space.id}
                disabled={busy}
                onChange={(e) =>
                  setPickedSpace(
                    e.target.value === NEW_SPACE_VALUE
                      ? { kind: 'new' }
                      : { kind: 'existing', id: e.target.value },
                  )
                }
              >
                <option value={NEW_SPACE_VALUE}>Create New Space</option>
                {space.kind === 'existing' && !spaces.data?.some((s) => s._id === space.id) && (
                  // The space asked for in the address while the list is still loading.
                  <option value={space.id}>Loading...</option>
                )}
                {spaces.data?.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.title}
                  </option>
                ))}
              </select>
              {spaces.isError && (
                <p className="field-error" role="alert">
                  {CREATE_MESSAGES.spacesLoadFailed}
                </p>
              )}
            </div>
            {space.kind === 'new' && (
              <div className="field">
                <label htmlFor={`${ids}-new-space`}>New space name</label>
                <input
                  id={`${ids}-new-space`}
                  type="text"
                  placeholder="e.g. Biology 101"
                  maxLength={200}
                  value={newSpaceName}
                  disabled={busy}
                  onChange={(e) => setNewSpaceName(e.target.value)}
                />
              </div>
            )}
            <div className="field">
              <label htmlFor={`${ids}-title`}>Deck title</label>
              <input
                id={`${ids}-title`}
                type="text"
                placeholder={defaultTitle}
                maxLength={200}
                value={title}
                disabled={busy}
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
          </div>
        )}

        {authenticated ? (
          <fieldset className="create-choice" disabled={busy}>
            <legend>Length</legend>
            {LENGTH_OPTIONS.map((option) => (
              <label key={option.length} className="checkbox">
                <input
                  type="radio"
                  name={`${ids}-length`}
                  value={option.length}
                  checked={length === option.length}
                  onChange={() => setLength(option.length)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="muted">Guest decks get 20 cards.</p>
        )}

        <fieldset className="create-choice" disabled={busy}>
          <legend>Question types</legend>
          {QUESTION_TYPES.map((type) => {
            const last = isLastQuestionType(questionTypes, type);
            return (
              <label
                key={type}
                className="checkbox"
                title={last ? 'At least one question type must stay selected' : undefined}
              >
                <input
                  type="checkbox"
                  value={type}
                  checked={questionTypes.includes(type)}
                  // The last checked type cannot be unchecked (spec 01 §5).
                  disabled={last}
                  onChange={() => setQuestionTypes((current) => toggleQuestionType(current, type))}
                />
                {QUESTION_TYPE_LABELS[type]}
              </label>
            );
          })}
        </fieldset>

        <div className="field">
          <label htmlFor={`${ids}-focus`}>Focus area (optional)</label>
          <textarea
            id={`${ids}-focus`}
            rows={2}
            maxLength={CUSTOM_INSTRUCTIONS_MAX}
            placeholder="e.g. Focus on the causes and dates"
            value={focus}
            disabled={busy}
            onChange={(e) => setFocus(e.target.value)}
          />
        </div>

        {authenticated && !subscriber && <p className="muted create-plan-note">{FREE_PLAN_NOTE}</p>}
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {failures.length > 1 && (
          <ul className="source-list creation-failures" aria-label="Sources that failed">
            {failures.map((f) => (
              <li key={f.id} className="draft-item">
                <span className="draft-name" title={f.title}>
                  {f.title}
                </span>
                <span className="creation-failure">{f.reason}</span>
              </li>
            ))}
          </ul>
        )}
        <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
          {phase === 'creating'
            ? 'Creating...'
            : phase === 'processing'
              ? 'Processing...'
              : 'Create Cards'}
        </button>
      </form>

      {phase === 'processing' && plan && (
        <CreationProcessing deckId={plan.deckId} onFinished={onProcessed}>
          {partial && partial._id === plan.deckId ? (
            <PartlyRead deck={partial} onContinue={openEditScreen} />
          ) : (
            <p className="muted" role="status">
              Opening the edit screen...
            </p>
          )}
        </CreationProcessing>
      )}

      <VideoBrowser draft={draft} disabled={busy} />

      <LimitReachedDialog
        open={limit.open}
        message={limit.message}
        onClose={() => setLimit((l) => ({ ...l, open: false }))}
      />
    </div>
  );
}

/** Some sources were read and some failed (issue 18.3): go on with what was read, or retry first. */
function PartlyRead({ deck, onContinue }: { deck: DeckResponse; onContinue: () => void }) {
  const read = deck.sources.filter((s) => s.processingStatus === 'completed').length;
  const failed = deck.sources.length - read;
  return (
    <div className="creation-partial">
      <p className="notice notice-info" role="status">
        {failed === 1 ? '1 source' : `${failed} sources`} could not be read. Retry{' '}
        {failed === 1 ? 'it' : 'them'}, or make cards from the {read === 1 ? 'one' : read} that{' '}
        {read === 1 ? 'was' : 'were'} read.
      </p>
      <button type="button" className="btn btn-primary" onClick={onContinue}>
        Continue with {read === 1 ? '1 source' : `${read} sources`}
      </button>
    </div>
  );
}
