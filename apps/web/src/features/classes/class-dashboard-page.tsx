import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassDashboardResponse } from '@mnemo/contracts/api/classes';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  classDashboardQueryKey,
  classes,
  classesQueryKey,
  useClasses,
  type TeachingClass,
} from '../../lib/class-api';
import {
  CLASS_MESSAGES,
  csvFileName,
  gridCsv,
  masteryBand,
  masteryOf,
  percent,
  sortStudents,
  type GridSort,
  type SortDirection,
} from './class-model';
import { QueryState } from '../../components/query-state';
import './classes.css';

type Dashboard = ClassDashboardResponse;
type Student = Dashboard['students'][number];

/**
 * /space/$spaceId/class (issue 23): the teacher's view of the class: students × concepts coloured
 * by mastery and sortable, the CSV export, per concept the average and who is below 50%, per
 * question the share right and the common wrong answers, and "What to teach again".
 */
export function ClassDashboardPage({ spaceId }: { spaceId: string }) {
  const list = useClasses();
  if (list.isPending)
    return (
      <Frame>
        <p className="muted">Loading class...</p>
      </Frame>
    );
  if (list.isError) {
    return (
      <Frame>
        <p className="notice notice-error" role="alert">
          {CLASS_MESSAGES.dashboardFailed}
        </p>
      </Frame>
    );
  }
  const klass = list.data.teaching.find((c) => c.spaceId === spaceId);
  if (!klass) {
    return (
      <Frame>
        <h1>Class dashboard</h1>
        <p>{CLASS_MESSAGES.notAClass}</p>
        <Link to="/space/$spaceId" params={{ spaceId }} className="btn">
          Back to the space
        </Link>
      </Frame>
    );
  }
  return <DashboardView klass={klass} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="page class-dashboard">{children}</div>;
}

function DashboardView({ klass }: { klass: TeachingClass }) {
  const dashboard = useQuery({
    queryKey: classDashboardQueryKey(klass._id),
    queryFn: ({ signal }) => classes.dashboard(klass._id, signal),
  });
  return (
    <Frame>
      <header className="class-dashboard-head">
        <div>
          <Link to="/space/$spaceId" params={{ spaceId: klass.spaceId }} className="muted">
            ← {klass.spaceTitle}
          </Link>
          <h1>Class dashboard</h1>
        </div>
        {klass.joinEnabled && (
          <p className="class-dashboard-code">
            Join code <strong className="join-code join-code-small">{klass.joinCode}</strong>
          </p>
        )}
      </header>
      <QueryState
        query={dashboard}
        loading="Loading the dashboard..."
        failed={CLASS_MESSAGES.dashboardFailed}
        onRetry={() => void dashboard.refetch()}
      />
      {dashboard.data && <DashboardBody klass={klass} data={dashboard.data} />}
    </Frame>
  );
}

function DashboardBody({ klass, data }: { klass: TeachingClass; data: Dashboard }) {
  const concepts = data.concepts.map((c) => c.concept);
  const [sort, setSort] = useState<GridSort>({ by: 'name' });
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [removing, setRemoving] = useState<Student | null>(null);
  const rows = useMemo(
    () => sortStudents(data.students, sort, direction),
    [data.students, sort, direction],
  );
  const names = new Map(data.students.map((s) => [s.memberId, s.displayName]));
  const questions = new Map(data.questions.map((q) => [q.questionId, q]));

  function sortBy(next: GridSort) {
    const same =
      next.by === sort.by &&
      (next.by === 'name' || (sort.by === 'concept' && sort.concept === next.concept));
    if (same) setDirection((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(next);
      setDirection('asc');
    }
  }
  const ariaSort = (of: GridSort): 'ascending' | 'descending' | 'none' => {
    const same =
      of.by === sort.by &&
      (of.by === 'name' || (sort.by === 'concept' && sort.concept === of.concept));
    return same ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  };

  function exportCsv() {
    const blob = new Blob([gridCsv(concepts, rows)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = csvFileName(klass.spaceTitle);
    document.body.append(a);
    a.click();
    a.remove();
    // Revoked after the click has handed the blob to the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  if (data.students.length === 0) {
    return (
      <p className="library-empty muted">
        No students yet. Share the join code; their mastery per concept shows here once they answer.
      </p>
    );
  }

  return (
    <>
      <section className="class-section" aria-labelledby="teach-again-title">
        <h2 id="teach-again-title">What to teach again</h2>
        {data.weakest.length === 0 ? (
          <p className="muted">No concepts yet: the class decks have no questions with concepts.</p>
        ) : (
          <ol className="teach-again">
            {data.weakest.map((name) => {
              const concept = data.concepts.find((c) => c.concept === name);
              return (
                <li key={name}>
                  <strong>{name}</strong>{' '}
                  <span className="muted">class average {percent(concept?.average ?? 0)}%</span>
                  <ul>
                    {(concept?.questionIds ?? []).map((id) => {
                      const q = questions.get(id);
                      return q ? <li key={id}>{q.question}</li> : null;
                    })}
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section className="class-section" aria-labelledby="grid-title">
        <header className="library-section-head">
          <h2 id="grid-title">Mastery per student</h2>
          <button type="button" className="btn" onClick={exportCsv}>
            Export CSV
          </button>
        </header>
        <p className="muted small mastery-legend">
          <span className="mastery-cell" data-band="low">
            below 50%
          </span>{' '}
          <span className="mastery-cell" data-band="mid">
            50–79%
          </span>{' '}
          <span className="mastery-cell" data-band="high">
            80% and more
          </span>
        </p>
        <div className="class-grid-scroll">
          <table className="class-grid" aria-labelledby="grid-title">
            <thead>
              <tr>
                <th scope="col" aria-sort={ariaSort({ by: 'name' })}>
                  <button
                    type="button"
                    className="sort-button"
                    onClick={() => sortBy({ by: 'name' })}
                  >
                    Student
                  </button>
                </th>
                {concepts.map((concept) => (
                  <th key={concept} scope="col" aria-sort={ariaSort({ by: 'concept', concept })}>
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => sortBy({ by: 'concept', concept })}
                    >
                      {concept}
                    </button>
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((student) => (
                <tr key={student.memberId}>
                  <th scope="row">{student.displayName}</th>
                  {concepts.map((concept) => {
                    const mastery = masteryOf(student, concept);
                    return (
                      <td key={concept} className="mastery-cell" data-band={masteryBand(mastery)}>
                        {percent(mastery)}%
                      </td>
                    );
                  })}
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Remove ${student.displayName}`}
                      onClick={() => setRemoving(student)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <ReportTable
        id="concepts-title"
        title="Concepts"
        columns={['Concept', 'Class average', 'Students below 50%']}
      >
        {data.concepts.map((c) => (
          <tr key={c.concept}>
            <th scope="row">{c.concept}</th>
            <td className="mastery-cell" data-band={masteryBand(c.average)}>
              {percent(c.average)}%
            </td>
            <td>
              {c.below50.length === 0
                ? 'none'
                : c.below50.map((id) => names.get(id) ?? 'a former student').join(', ')}
            </td>
          </tr>
        ))}
      </ReportTable>

      <ReportTable
        id="questions-title"
        title="Questions"
        columns={['Question', 'Answers', 'Right', 'Most common wrong answers']}
      >
        {data.questions.map((q) => (
          <tr key={q.questionId}>
            <th scope="row" className="question-cell">
              {q.question}
            </th>
            <td>{q.answered}</td>
            <td>{q.correctShare === null ? '–' : `${percent(q.correctShare)}%`}</td>
            <td>
              {q.commonWrong.length === 0
                ? '–'
                : q.commonWrong.map((w) => `"${w.answer}" (${w.count})`).join(', ')}
            </td>
          </tr>
        ))}
      </ReportTable>

      <RemoveDialog klass={klass} student={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

/** One titled report table of the dashboard: a section whose heading also names the table. */
function ReportTable({
  id,
  title,
  columns,
  children,
}: {
  id: string;
  title: string;
  columns: string[];
  children: React.ReactNode;
}) {
  return (
    <section className="class-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className="class-table" aria-labelledby={id}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

function RemoveDialog({
  klass,
  student,
  onClose,
}: {
  klass: TeachingClass;
  student: Student | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (memberId: string) => classes.removeMember(klass._id, memberId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classDashboardQueryKey(klass._id) }),
        queryClient.invalidateQueries({ queryKey: classesQueryKey, exact: true }),
      ]);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={student !== null}
      title="Remove student"
      confirmLabel="Remove student"
      pendingLabel="Removing..."
      pending={remove.isPending}
      error={remove.isError ? CLASS_MESSAGES.actionFailed : null}
      onConfirm={() => student && remove.mutate(student.memberId)}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
    >
      <p>
        Remove {student?.displayName} from the class? Their rows leave this dashboard and they lose
        access to the class decks. They can join again with the code.
      </p>
    </ConfirmDialog>
  );
}
