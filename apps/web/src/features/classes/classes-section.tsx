import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { classes, classesQueryKey, useClasses, type JoinedClass } from '../../lib/class-api';
import { useSession } from '../../lib/session/session-context';
import { ClassDeckLink } from './class-deck-link';
import { CLASS_MESSAGES } from './class-model';
import { QueryState } from '../../components/query-state';
import './classes.css';

/**
 * The library's "Classes" part (issue 23): the classes the caller joined, with their decks to read
 * and study and a one-click Leave, and the classes they teach, with the way to each dashboard.
 * `heading` is 2 inside the library, 1 on the /classes page a guest reaches from the sidebar.
 */
export function ClassesSection({ level = 2 }: { level?: 1 | 2 }) {
  const list = useClasses();
  // Making a class needs an account; a guest only joins.
  const { session } = useSession();
  const Heading = level === 1 ? 'h1' : 'h2';
  const Sub = level === 1 ? 'h2' : 'h3';
  const [leaving, setLeaving] = useState<JoinedClass | null>(null);
  const teaching = list.data?.teaching ?? [];
  const joined = list.data?.joined ?? [];

  return (
    <section
      id="classes"
      className="library-section classes-section"
      aria-labelledby="classes-title"
    >
      <header className="library-section-head">
        <Heading id="classes-title">Classes</Heading>
        <span className="classes-actions">
          {session.status === 'authenticated' && (
            <Link to="/classes/new" search={{}} className="btn">
              Create a class space
            </Link>
          )}
          <Link to="/join" className="btn">
            Join a class
          </Link>
        </span>
      </header>
      <QueryState query={list} loading="Loading classes..." failed={CLASS_MESSAGES.loadFailed} />
      {list.data && teaching.length === 0 && joined.length === 0 && (
        <p className="library-empty muted">
          No classes yet. Join one with the code your teacher gives you, or make one of your spaces
          a class.
        </p>
      )}
      {joined.length > 0 && (
        <>
          <Sub className="classes-sub">Classes you joined</Sub>
          <ul className="class-list" aria-label="Classes you joined">
            {joined.map((klass) => (
              <li key={klass._id} className="class-card" id={`class-${klass._id}`}>
                <div className="class-card-head">
                  <span className="class-card-title">{klass.spaceTitle}</span>
                  <span className="muted">as {klass.member.displayName}</span>
                  <button type="button" className="btn btn-small" onClick={() => setLeaving(klass)}>
                    Leave class
                  </button>
                </div>
                {klass.decks.length === 0 ? (
                  <p className="muted small">No decks yet.</p>
                ) : (
                  <ul className="class-deck-list" aria-label={`Decks of ${klass.spaceTitle}`}>
                    {klass.decks.map((deck) => (
                      <li key={deck._id}>
                        <ClassDeckLink classId={klass._id} deck={deck} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {teaching.length > 0 && (
        <>
          <Sub className="classes-sub">Classes you teach</Sub>
          <ul className="class-list" aria-label="Classes you teach">
            {teaching.map((klass) => (
              <li key={klass._id} className="class-card">
                <div className="class-card-head">
                  <Link
                    to="/space/$spaceId"
                    params={{ spaceId: klass.spaceId }}
                    className="class-card-title"
                  >
                    {klass.spaceTitle}
                  </Link>
                  <span className="muted">
                    {klass.memberCount} {klass.memberCount === 1 ? 'student' : 'students'}
                  </span>
                  <Link
                    to="/space/$spaceId/class"
                    params={{ spaceId: klass.spaceId }}
                    className="btn btn-small"
                  >
                    Dashboard
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <LeaveDialog klass={leaving} onClose={() => setLeaving(null)} />
    </section>
  );
}

function LeaveDialog({ klass, onClose }: { klass: JoinedClass | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: (classId: string) => classes.leave(classId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classesQueryKey });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={klass !== null}
      title="Leave class"
      confirmLabel="Leave class"
      pendingLabel="Leaving..."
      pending={leave.isPending}
      error={leave.isError ? CLASS_MESSAGES.actionFailed : null}
      onConfirm={() => klass && leave.mutate(klass._id)}
      onCancel={() => {
        leave.reset();
        onClose();
      }}
    >
      <p>
        Leave "{klass?.spaceTitle}"? Your teacher no longer sees your progress, and the class decks
        leave your library. You can join again with the code.
      </p>
    </ConfirmDialog>
  );
}
