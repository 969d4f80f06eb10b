import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SPACE_TITLE_MAX } from '@mnemo/contracts/entities/space';
import { UPLOAD_EXTENSIONS } from '@mnemo/contracts/api/upload';
import type { CurriculumSpaceResponse } from '@mnemo/contracts/api/classes';
import { classes, curriculumQueryKey } from '../../lib/class-api';
import { FILE_ACCEPT } from '../../lib/sources/source-rules';
import { sources } from '../../lib/sources/source-api';
import { spacesQueryKey } from '../../lib/spaces';
import { QueryState } from '../../components/query-state';
import {
  CLASS_MESSAGES,
  curriculumErrorMessage,
  curriculumStage,
  type CurriculumStage,
} from './class-model';
import './classes.css';

/** How often the page asks where the split and the units' questions stand. */
const POLL_MS = 2000;

/**
 * /classes/new (issue 23): "Create a class space". The teacher uploads course material; Mnemo
 * makes a space with a deck per unit (POST /classes/curriculum, 202), and this page follows the
 * split and each unit's questions (GET /classes/curriculum/:spaceId) until every deck is ready,
 * then opens the space, where the teacher reviews and edits the decks and makes it a class.
 * `spaceId` (the address's `space`) resumes following after a reload.
 */
export function CurriculumPage({ spaceId }: { spaceId?: string | undefined }) {
  if (spaceId) return <CurriculumProgress spaceId={spaceId} />;
  return <CurriculumForm />;
}

function CurriculumForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: async ({ file, title }: { file: File; title: string }) => {
      const { file: stored } = await sources.uploadDocument(file);
      return classes.startCurriculum({
        storageRef: stored.storageRef,
        originalFilename: stored.originalFilename,
        ...(title.trim() ? { title: title.trim() } : {}),
      });
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(curriculumQueryKey(answer.space._id), answer);
      await queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      await navigate({ to: '/classes/new', search: { space: answer.space._id } });
    },
    onError: (error) => setProblem(curriculumErrorMessage(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem(CLASS_MESSAGES.noFile);
      return;
    }
    create.mutate({ file, title });
  }

  return (
    <div className="page curriculum-page">
      <h1>Create a class space</h1>
      <p className="muted">
        Upload your course material. Mnemo makes a space with one deck per unit (chapters, headings,
        slides), each titled after its unit and with questions written from it. You review and edit
        the decks, then make the space a class and share its code.
      </p>
      <form className="form-stack curriculum-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={fileId}>Course material</label>
          <input
            id={fileId}
            type="file"
            accept={FILE_ACCEPT}
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          <p id={`${fileId}-hint`} className="muted small">
            {UPLOAD_EXTENSIONS.join(', ')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={titleId}>Space name (optional)</label>
          <input
            id={titleId}
            type="text"
            maxLength={SPACE_TITLE_MAX}
            value={title}
            aria-describedby={`${titleId}-hint`}
            onChange={(e) => setTitle(e.target.value)}
          />
          <p id={`${titleId}-hint`} className="muted small">
            Without one, the space is named after the file.
          </p>
        </div>
        {problem && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Uploading...' : 'Create class space'}
        </button>
      </form>
    </div>
  );
}

const stageText = (stage: CurriculumStage) => {
  switch (stage.stage) {
    case 'splitting':
      return 'Reading your document and finding its units...';
    case 'units':
      return `Writing questions: ${stage.ready} of ${stage.total} ${stage.total === 1 ? 'unit' : 'units'} ready`;
    case 'done':
      return `All ${stage.total} ${stage.total === 1 ? 'unit is' : 'units are'} ready.`;
    case 'failed':
      return stage.error;
  }
};

const deckState = (d: CurriculumSpaceResponse['decks'][number]) =>
  d.processingStatus === 'failed'
    ? `Failed: ${d.processingError ?? 'could not be processed'}`
    : d.generationError
      ? `No questions: ${d.generationError}`
      : d.questionCount > 0
        ? `${d.questionCount} ${d.questionCount === 1 ? 'question' : 'questions'}`
        : d.processingStatus === 'completed'
          ? 'Writing questions...'
          : 'Processing...';

function CurriculumProgress({ spaceId }: { spaceId: string }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: curriculumQueryKey(spaceId),
    queryFn: ({ signal }) => classes.curriculum(spaceId, signal),
    refetchInterval: (q) => {
      const data = q.state.data;
      const stage = data ? curriculumStage(data).stage : 'splitting';
      return stage === 'done' || stage === 'failed' ? false : POLL_MS;
    },
  });
  const stage = query.data ? curriculumStage(query.data) : null;
  const done = stage?.stage === 'done';

  // Every unit has its questions: the space is where the teacher reviews them.
  useEffect(() => {
    if (done) void navigate({ to: '/space/$spaceId', params: { spaceId } });
  }, [done, navigate, spaceId]);

  return (
    <div className="page curriculum-page">
      <h1>{query.data ? query.data.space.title : 'Create a class space'}</h1>
      <QueryState query={query} loading="Loading..." failed={CLASS_MESSAGES.curriculumLoadFailed} />
      {query.data && stage && (
        <>
          <p
            role={stage.stage === 'failed' ? 'alert' : 'status'}
            className={stage.stage === 'failed' ? 'notice notice-error' : 'curriculum-stage'}
          >
            {stageText(stage)}
          </p>
          {query.data.decks.length > 0 && (
            <ol className="curriculum-units" aria-label="Units">
              {query.data.decks.map((deck) => (
                <li key={deck._id} className="curriculum-unit">
                  <span className="curriculum-unit-title">{deck.title}</span>
                  <span className="muted small">{deckState(deck)}</span>
                </li>
              ))}
            </ol>
          )}
          {stage.stage === 'failed' ? (
            <Link to="/classes/new" search={{}} className="btn">
              Try another file
            </Link>
          ) : (
            <Link to="/space/$spaceId" params={{ spaceId }} className="btn">
              Open the space
            </Link>
          )}
        </>
      )}
    </div>
  );
}
