import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DISPLAY_NAME_MAX,
  JOIN_CODE_LENGTH,
  type JoinClassResponse,
} from '@mnemo/contracts/api/classes';
import { classes, classesQueryKey } from '../../lib/class-api';
import { useSession } from '../../lib/session/session-context';
import { ClassDeckLink } from './class-deck-link';
import {
  CLASS_MESSAGES,
  joinErrorMessage,
  validateJoin,
  type JoinFieldErrors,
} from './class-model';
import './classes.css';

/**
 * /join and /join/$code (issue 23): the code (filled in from the link) and a display name, the only
 * thing a student is asked for. A signed-in student joins with their account, a guest with their
 * guest session, whose progress moves to an account made later.
 */
export function JoinClassPage({ code: initialCode = '' }: { code?: string | undefined }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(initialCode);
  const [displayName, setDisplayName] = useState(
    session.status === 'authenticated' ? session.user.firstName : '',
  );
  const [errors, setErrors] = useState<JoinFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [alreadyIn, setAlreadyIn] = useState(false);
  const codeId = useId();
  const nameId = useId();

  const join = useMutation({
    mutationFn: classes.join,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesQueryKey }),
    onError: (error) => {
      const { field, message } = joinErrorMessage(error);
      setAlreadyIn(message === CLASS_MESSAGES.alreadyJoined);
      if (field) setErrors({ [field]: message });
      else setProblem(message);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setAlreadyIn(false);
    const checked = validateJoin({ code, displayName });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    join.mutate(checked.value);
  }

  if (join.data) return <Joined answer={join.data} />;

  return (
    <div className="page join-page">
      <h1>Join a class</h1>
      <p className="muted">
        Enter the code your teacher gave you and the name your teacher will see. Nothing else is
        asked.
      </p>
      <form className="form-stack join-form" onSubmit={submit} noValidate>
        <TextField
          id={codeId}
          label="Join code"
          className="join-code-input"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={JOIN_CODE_LENGTH + 4}
          value={code}
          error={errors.code}
          onChange={(value) => {
            setCode(value);
            setErrors((old) => ({ ...old, code: undefined }));
          }}
        />
        <TextField
          id={nameId}
          label="Your name"
          value={displayName}
          error={errors.displayName}
          hint={`Up to ${DISPLAY_NAME_MAX} characters; a first name or a nickname is enough.`}
          onChange={(value) => {
            setDisplayName(value);
            setErrors((old) => ({ ...old, displayName: undefined }));
          }}
        />
        {problem && (
          <p className="notice notice-error" role="alert">
            {problem}{' '}
            {alreadyIn && session.status === 'authenticated' && (
              <Link to="/library" hash="classes">
                Open your classes
              </Link>
            )}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={join.isPending}>
          {join.isPending ? 'Joining...' : 'Join class'}
        </button>
      </form>
      {session.status === 'anonymous' && (
        <p className="muted small">
          You are joining as a guest. Your progress moves to your account if you sign up later.
        </p>
      )}
    </div>
  );
}

/**
 * A labelled text input of the join form; its error (or else its hint) is announced with it and
 * clears when the student types.
 */
function TextField({
  id,
  label,
  value,
  error,
  hint,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        type="text"
        autoComplete="off"
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="muted small">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

function Joined({ answer }: { answer: JoinClassResponse }) {
  const { class: klass, member } = answer;
  return (
    <div className="page join-page">
      <h1>You joined {klass.spaceTitle}</h1>
      <p role="status">
        Your teacher sees you as <strong>{member.displayName}</strong>.
      </p>
      <h2>Decks of this class</h2>
      {klass.decks.length === 0 ? (
        <p className="muted">Your teacher has not added decks yet.</p>
      ) : (
        <ul className="class-deck-list" aria-label="Class decks">
          {klass.decks.map((deck) => (
            <li key={deck._id}>
              <ClassDeckLink classId={klass._id} deck={deck} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
