import { useCallback, useEffect, useRef, useState } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { GenerateQuestionsBody, UpdateQuestionBody } from '@mnemo/contracts/api/questions';
import type { Question, QuestionType } from '@mnemo/contracts/entities/question';
import { readPendingGeneration, takePendingGeneration } from '../../lib/pending-generation';
import { deckQuestionsQueryKey, reloadDeck } from '../../lib/deck-queries';
import { useFadePresence } from '../../components/dialog';
import { EDIT_CARDS_MESSAGES } from './edit-cards-messages';
import { runPendingGeneration, type OpeningResult } from './edit-cards-opening';
import { EDIT_CARDS_TIMINGS, pollUntilFound, waitUntilFound } from './generation-poller';
import {
  GenerationFailedError,
  waitForGeneration,
  watchGeneration,
  type GenerationJob,
} from './generation-watch';
import { questions as calls } from './question-api';
import {
  clampPage,
  filteredPage,
  pageFromResponse,
  type QuestionFilter,
  type QuestionPage,
} from './question-paging';

/** Replacements for regenerated questions are of these types (spec 02 §4). */
export const REGENERATE_TYPES: QuestionType[] = ['multiple_choice', 'free_response'];

/** How long Regenerate waits for replacements the server queued: 60 looks, 3 minutes. */
const REGENERATE_MAX_LOOKS = 60;

function pageQuery(deckId: string, page: number, filter: QuestionFilter | null) {
  return {
    queryKey: [...deckQuestionsQueryKey(deckId), { page, filter }] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<QuestionPage> =>
      filter
        ? filteredPage((await calls.listAll(deckId, signal)).questions, filter, page)
        : pageFromResponse(await calls.listPage(deckId, page, signal)),
  };
}

/** Replaces a saved question in every cached page. */
function patchCachedQuestion(queryClient: QueryClient, deckId: string, saved: Question) {
  queryClient.setQueriesData<QuestionPage>({ queryKey: deckQuestionsQueryKey(deckId) }, (page) =>
    page
      ? { ...page, questions: page.questions.map((q) => (q._id === saved._id ? saved : q)) }
      : page,
  );
}

export interface EditCardsOptions {
  /** Null on /edit-cards without a deck: nothing to load. */
  deckId: string | null;
  filter: QuestionFilter | null;
  /** ?isGenerating=true in the address. */
  isGenerating: boolean;
  /** Puts the isGenerating flag in the address or takes it out (replacing the history entry). */
  setGeneratingFlag: (on: boolean) => void;
}

type Opening = { state: 'idle' } | { state: 'running' } | { state: 'failed'; message: string };

/** A queued generation that ended without questions: why, and what to send again on Retry. */
export interface GenerationFailure {
  reason: string;
  body: GenerateQuestionsBody;
}

/**
 * The edit screen's data (spec 02 §4): the page of questions; the pending generation request,
 * consumed on opening; while generating, the run's status every 3 s until it has ended (or, for a
 * run the screen does not know, such as after a reload with ?isGenerating, the list until a
 * question appears); a failed run's reason with a retry; the overlay that hides 500 ms after;
 * and the edit, delete and regenerate calls.
 */
export function useEditCards({
  deckId,
  filter,
  isGenerating,
  setGeneratingFlag,
}: EditCardsOptions) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);

  // Read (not taken) here, so the first render already waits for the generation instead of loading.
  const [opening, setOpening] = useState<Opening>(() =>
    deckId !== null && readPendingGeneration()?.deckId === deckId
      ? { state: 'running' }
      : { state: 'idle' },
  );

  const questionsQuery = useQuery({
    ...pageQuery(deckId ?? '', page, filter),
    enabled: deckId !== null && opening.state === 'idle',
    placeholderData: keepPreviousData,
  });

  // Deletions can leave the screen past the last page.
  const pages = questionsQuery.data?.pages;
  useEffect(() => {
    if (pages !== undefined && !questionsQuery.isPlaceholderData) {
      setPage((current) => clampPage(current, pages));
    }
  }, [pages, questionsQuery.isPlaceholderData]);

  // Generation goes through useMutation so that a 403 reaches the shared handler.
  const generate = useMutation({
    mutationFn: (body: GenerateQuestionsBody) => calls.generate(deckId ?? '', body),
  });
  const generateAsync = generate.mutateAsync;

  const [handoff, setHandoff] = useState(false);
  // The queued run being watched, where it stands, and how the last one failed.
  const [job, setJob] = useState<GenerationJob | null>(null);
  const [progress, setProgress] = useState<'queued' | 'running' | null>(null);
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  // What the last completed run says about its questions (issue 21: the language they are in).
  const [notes, setNotes] = useState<string[]>([]);

  // Aborted when the screen goes away: a regeneration stops waiting for its replacements.
  const screenAlive = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    screenAlive.current = controller;
    return () => controller.abort();
  }, []);

  // Kept across StrictMode's second effect run (refs survive it): the run that took the request.
  const openingRun = useRef<{ deckId: string; result: Promise<OpeningResult> } | null>(null);
  const flagSetter = useRef(setGeneratingFlag);
  flagSetter.current = setGeneratingFlag;

  useEffect(() => {
    if (deckId === null) return;
    let run = openingRun.current?.deckId === deckId ? openingRun.current.result : null;
    if (!run) {
      const first = pageQuery(deckId, 1, filter);
      run = runPendingGeneration(deckId, {
        take: (id) => takePendingGeneration(id),
        generate: generateAsync,
        loadFirstPage: () => queryClient.fetchQuery({ ...first, staleTime: 0 }),
      });
      if (!run) {
        setOpening((o) => (o.state === 'running' ? { state: 'idle' } : o));
        return;
      }
      openingRun.current = { deckId, result: run };
      setOpening({ state: 'running' });
    }
    let live = true;
    void run.then((result) => {
      if (!live) return;
      openingRun.current = null;
      if (result.kind === 'failed') {
        setOpening({ state: 'failed', message: result.message });
        return;
      }
      setPage(1);
      setOpening({ state: 'idle' });
      if (result.stillGenerating) {
        setJob(result.job);
        // Until the address says isGenerating, the screen keeps waiting instead of showing empty.
        setHandoff(true);
        flagSetter.current(true);
      }
    });
    return () => {
      live = false;
    };
    // The filter is read once, for the first page: a request is consumed when the screen opens.
  }, [deckId, generateAsync, queryClient]);

  // A screen reloaded during a run (or opened while one goes on) has lost the id the generate call
  // answered: the deck's latest run is asked of the server once, and a run still going is
  // followed by its status; one that failed while the screen waited for it shows its reason and
  // Retry, instead of the list being polled for questions that will not come.
  const generatingFlag = useRef(isGenerating);
  generatingFlag.current = isGenerating;
  const lookedUp = useRef<string | null>(null);
  useEffect(() => {
    if (deckId === null || opening.state !== 'idle' || lookedUp.current === deckId) return;
    lookedUp.current = deckId;
    if (job !== null) return;
    const signal = screenAlive.current?.signal;
    calls.latestGeneration(deckId, signal).then(
      ({ generation: run }) => {
        if (signal?.aborted || run === null) return;
        const body = run.request;
        if (run.state === 'queued' || run.state === 'running') {
          setJob((current) => current ?? { jobId: run.jobId, body });
          setHandoff(true);
          flagSetter.current(true);
        } else if (run.state === 'completed') {
          setNotes(run.notes ?? []);
        } else if (run.state === 'failed' && generatingFlag.current) {
          setFailure({ reason: run.reason ?? EDIT_CARDS_MESSAGES.generateFailed, body });
          setHandoff(false);
          flagSetter.current(false);
        }
      },
      // Without the answer the screen does what it did before: it watches the list.
      () => undefined,
    );
  }, [deckId, opening.state, job]);

  // With isGenerating: poll every 3 s until at least one question appears, then drop the flag.
  const waiting = deckId !== null && (isGenerating || handoff);
  const finished = useRef(false);
  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    setHandoff(false);
    flagSetter.current(false);
  }, []);
  useEffect(() => {
    if (waiting) finished.current = false;
  }, [waiting]);
  useEffect(() => {
    if (isGenerating) setHandoff(false);
  }, [isGenerating]);

  const polling = waiting && opening.state === 'idle';
  const { refetch } = questionsQuery;

  // A known run: its status, until it has ended. A failure stops the wait and keeps the reason;
  // a completed (or forgotten) run hands over to the list poll below, which ends at once when
  // the questions are there.
  useEffect(() => {
    if (!polling || job === null || deckId === null) return;
    return watchGeneration({
      load: () => calls.generationStatus(deckId, job.jobId),
      onProgress: setProgress,
      onEnd: (end) => {
        setProgress(null);
        setJob(null);
        if (end.state === 'failed') {
          setFailure({ reason: end.reason, body: job.body });
          finish();
          return;
        }
        setNotes(end.state === 'completed' ? end.notes : []);
        void refetch();
      },
      intervalMs: EDIT_CARDS_TIMINGS.pollMs,
    });
  }, [polling, job, deckId, refetch, finish]);

  useEffect(() => {
    if (!polling || job !== null) return;
    return pollUntilFound({
      load: () => refetch(),
      found: (result) => (result.data?.questions.length ?? 0) > 0,
      onFound: finish,
      intervalMs: EDIT_CARDS_TIMINGS.pollMs,
    });
  }, [polling, job, refetch, finish]);

  const shownCount = questionsQuery.isPlaceholderData
    ? 0
    : (questionsQuery.data?.questions.length ?? 0);
  useEffect(() => {
    if (polling && job === null && shownCount > 0) finish();
  }, [polling, job, shownCount, finish]);

  /** The failure's Retry: the same request again, watched like the first. */
  const retry = useCallback(() => {
    if (failure === null || deckId === null) return;
    const { body } = failure;
    setFailure(null);
    generateAsync(body).then(
      (answer) => {
        if (answer.status === 'queued') {
          setJob({ jobId: answer.jobId, body });
          setHandoff(true);
          flagSetter.current(true);
        } else {
          void refetch();
        }
      },
      () => setFailure({ reason: EDIT_CARDS_MESSAGES.generateFailed, body }),
    );
  }, [failure, deckId, generateAsync, refetch]);

  const generatingNow = opening.state === 'running' || waiting || generate.isPending;
  const overlay = useFadePresence(generatingNow, EDIT_CARDS_TIMINGS.overlayHideMs);

  const reload = useCallback(async () => {
    if (deckId !== null) await reloadDeck(queryClient, deckId);
  }, [deckId, queryClient]);

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateQuestionBody }) => calls.update(id, body),
    onSuccess: (answer) => {
      if (deckId !== null) patchCachedQuestion(queryClient, deckId, answer.question);
    },
  });

  const removeMany = useMutation({
    mutationFn: async (ids: readonly string[]) => {
      for (const id of ids) await calls.remove(id);
    },
    onSettled: reload,
  });

  /**
   * Regenerate selected (spec 02 §4): delete each, generate as many replacements, reload. When the
   * server queues the generation, the button keeps 'Regenerating...' while the deck is polled
   * every 3 s until the replacements are in (at most 3 minutes), so the reload shows them.
   */
  const regenerate = useMutation({
    mutationFn: async ({ ids, instructions }: { ids: readonly string[]; instructions: string }) => {
      if (deckId === null) return;
      for (const id of ids) await calls.remove(id);
      const before = (await calls.listPage(deckId, 1)).pagination.total;
      const answer = await calls.generate(deckId, {
        questionTypes: REGENERATE_TYPES,
        totalQuestions: ids.length,
        focusInstructions: instructions.trim() || null,
      });
      if (answer.status !== 'queued') return;
      const signal = screenAlive.current?.signal;
      const end = await waitForGeneration({
        load: () => calls.generationStatus(deckId, answer.jobId, signal),
        maxLooks: REGENERATE_MAX_LOOKS,
        intervalMs: EDIT_CARDS_TIMINGS.pollMs,
        ...(signal ? { signal } : {}),
      });
      if (end?.state === 'failed') throw new GenerationFailedError(end.reason);
      if (end?.state !== 'unknown') return;
      // A run the server does not know (any more): wait for the replacements in the list instead.
      await waitUntilFound({
        load: () => calls.listPage(deckId, 1, signal),
        found: (page) => page.pagination.total > before,
        maxLooks: REGENERATE_MAX_LOOKS,
        intervalMs: EDIT_CARDS_TIMINGS.pollMs,
        ...(signal ? { signal } : {}),
      });
    },
    onSettled: reload,
  });

  const error =
    opening.state === 'failed'
      ? opening.message
      : questionsQuery.isError && !questionsQuery.data
        ? EDIT_CARDS_MESSAGES.loadFailed
        : null;

  /** The error view's Try Again: the screen loads again from its first state. */
  const tryAgain = useCallback(() => {
    setOpening({ state: 'idle' });
    void questionsQuery.refetch();
  }, [questionsQuery]);

  return {
    page,
    setPage,
    data: questionsQuery.data ?? null,
    loading:
      deckId !== null &&
      (opening.state === 'running' || (questionsQuery.isPending && questionsQuery.isFetching)),
    /** Switching pages: the old page stays on screen until the new one arrives. */
    paging: questionsQuery.isPlaceholderData,
    error,
    tryAgain,
    generating: generatingNow,
    /** Where the watched run stands, for the overlay; null when not known. */
    progress,
    /** The last run's failure with its reason; Retry sends its request again. */
    generationFailure: failure,
    /** The last completed run's notes on how its questions were written; empty when none. */
    generationNotes: notes,
    retry,
    overlay,
    update,
    removeMany,
    regenerate,
  };
}
