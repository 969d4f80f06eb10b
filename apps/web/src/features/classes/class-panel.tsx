import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassList, TeachingClass } from '../../lib/class-api';
import { classes, classesQueryKey, joinLink, useClasses } from '../../lib/class-api';
import { CLASS_MESSAGES } from './class-model';
import './classes.css';

/**
 * The space page's class panel (issue 23), for the space's owner: "Make this space a class", then
 * the join code shown large with a copy button and the join link, rotating the code, turning it
 * off and on, and the way to the dashboard.
 */
export function ClassPanel({ spaceId }: { spaceId: string }) {
  const list = useClasses();
  const queryClient = useQueryClient();
  const current = list.data?.teaching.find((c) => c.spaceId === spaceId);
  const create = useMutation({
    mutationFn: () => classes.create(spaceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesQueryKey }),
  });

  if (list.isPending) return null;
  if (list.isError) {
    return (
      <p className="notice notice-error" role="alert">
        {CLASS_MESSAGES.loadFailed}
      </p>
    );
  }
  if (!current) {
    return (
      <section className="class-panel" aria-labelledby="class-panel-title">
        <h2 id="class-panel-title">Class</h2>
        <p className="muted">
          Students join with a 5-character code and a display name, study these decks on their own
          schedule, and you see their mastery per concept.
        </p>
        {create.isError && (
          <p className="notice notice-error" role="alert">
            {CLASS_MESSAGES.actionFailed}
          </p>
        )}
        <ActionButton
          className="btn btn-primary"
          pending={create.isPending}
          pendingLabel="Making it a class..."
          onClick={() => create.mutate()}
        >
          Make this space a class
        </ActionButton>
      </section>
    );
  }
  return <JoinCodePanel klass={current} />;
}

/** A button for one of the panel's actions: disabled while it runs, saying so when told how. */
function ActionButton({
  className = 'btn',
  pending,
  pendingLabel,
  onClick,
  children,
}: {
  className?: string;
  pending: boolean;
  pendingLabel?: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={pending} onClick={onClick}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

function JoinCodePanel({ klass }: { klass: TeachingClass }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const update = (change: Partial<TeachingClass>) =>
    queryClient.setQueryData<ClassList>(
      classesQueryKey,
      (old) =>
        old && {
          ...old,
          teaching: old.teaching.map((c) => (c._id === klass._id ? { ...c, ...change } : c)),
        },
    );
  const rotate = useMutation({
    mutationFn: () => classes.rotate(klass._id),
    onSuccess: (joinCode) => {
      setCopied(null);
      update({ joinCode });
    },
  });
  const toggle = useMutation({
    mutationFn: (joinEnabled: boolean) => classes.setJoinEnabled(klass._id, joinEnabled),
    onSuccess: (saved) => update({ joinEnabled: saved.joinEnabled, joinCode: saved.joinCode }),
  });
  const link = joinLink(klass.joinCode);

  async function copy(what: 'code' | 'link') {
    try {
      await navigator.clipboard.writeText(what === 'code' ? klass.joinCode : link);
      setCopyFailed(false);
      setCopied(what);
    } catch {
      // Clipboard refused (an insecure origin, a denied permission): the code stays selectable.
      setCopyFailed(true);
    }
  }

  const failed = rotate.isError || toggle.isError;
  return (
    <section className="class-panel" aria-labelledby="class-panel-title">
      <header className="class-panel-head">
        <h2 id="class-panel-title">Class</h2>
        <span className="muted">
          {klass.memberCount} {klass.memberCount === 1 ? 'student' : 'students'}
        </span>
        <Link to="/space/$spaceId/class" params={{ spaceId: klass.spaceId }} className="btn">
          Open class dashboard
        </Link>
      </header>
      {klass.joinEnabled ? (
        <>
          <p className="muted">Students join with this code at {window.location.host}/join:</p>
          <div className="join-code-row">
            <output className="join-code" aria-label="Join code">
              {klass.joinCode}
            </output>
            <button type="button" className="btn" onClick={() => void copy('code')}>
              {copied === 'code' ? 'Copied' : 'Copy code'}
            </button>
          </div>
          <div className="join-link-row">
            <span className="muted">Join link:</span>{' '}
            <a href={link} className="join-link">
              {link}
            </a>{' '}
            <button type="button" className="btn btn-small" onClick={() => void copy('link')}>
              {copied === 'link' ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </>
      ) : (
        <p className="notice notice-info">
          Joining is turned off: nobody can join with a code. Students already in the class stay.
        </p>
      )}
      <p className="visually-hidden" role="status">
        {copied ? `${copied === 'code' ? 'Code' : 'Link'} copied` : ''}
      </p>
      {copyFailed && (
        <p className="notice notice-error" role="alert">
          Copying failed: select the code and copy it yourself.
        </p>
      )}
      {failed && (
        <p className="notice notice-error" role="alert">
          {CLASS_MESSAGES.actionFailed}
        </p>
      )}
      <div className="class-panel-actions">
        {klass.joinEnabled && (
          <ActionButton
            pending={rotate.isPending}
            pendingLabel="Making a new code..."
            onClick={() => rotate.mutate()}
          >
            New code
          </ActionButton>
        )}
        <ActionButton pending={toggle.isPending} onClick={() => toggle.mutate(!klass.joinEnabled)}>
          {klass.joinEnabled ? 'Turn joining off' : 'Turn joining on'}
        </ActionButton>
      </div>
      {klass.joinEnabled && (
        <p className="muted small">A new code stops the old one from working at once.</p>
      )}
    </section>
  );
}
