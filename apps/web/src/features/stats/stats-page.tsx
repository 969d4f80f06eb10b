import { Suspense, lazy, useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  type ReviewSettings,
  type ReviewStatsResponse,
} from '@mnemo/contracts/api/review';
import { serverErrorField } from '../../lib/api';
import { reviewApi, reviewSettingsQueryKey, statsQueryKey } from '../../lib/review';
import { percent } from '../../lib/review-format';
import { useReviewSettings } from '../../lib/use-time-zone-sync';
import { STATS_WINDOWS, statsSummary } from './stats-model';
import './stats.css';

// ECharts is large: it loads with this page's charts only, never with the landing page.
const StatsCharts = lazy(() => import('./stats-charts'));

/** /stats (issue 20): what the learner studied, how much they keep, what comes next; settings. */
export function StatsPage() {
  const [days, setDays] = useState<number>(STATS_WINDOWS[0]);
  const stats = useQuery({
    queryKey: statsQueryKey(days),
    queryFn: ({ signal }) => reviewApi.stats(days, signal),
  });
  const windowId = useId();
  return (
    <div className="page stats-page">
      <header className="stats-head">
        <h1>Statistics</h1>
        <label className="stats-window" htmlFor={windowId}>
          <span>Period</span>
          <select id={windowId} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {STATS_WINDOWS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </header>
      {stats.isPending && (
        <p className="muted" role="status">
          Loading statistics...
        </p>
      )}
      {stats.isError && (
        <div className="notice notice-error" role="alert">
          <span>Failed to load your statistics. Please try again.</span>
          <button type="button" className="btn" onClick={() => void stats.refetch()}>
            Try Again
          </button>
        </div>
      )}
      {stats.data && (
        <>
          <Figures stats={stats.data} />
          <Suspense
            fallback={
              <p className="muted" role="status">
                Loading charts...
              </p>
            }
          >
            <StatsCharts stats={stats.data} />
          </Suspense>
        </>
      )}
      <ReviewSettingsForm />
    </div>
  );
}

function Figures({ stats }: { stats: ReviewStatsResponse }) {
  const summary = statsSummary(stats);
  const figures: [string, string][] = [
    ['Reviews', String(summary.reviews)],
    ['Retention', stats.retention.overall === null ? '–' : percent(stats.retention.overall)],
    ['Current streak', `${stats.streak.current} ${stats.streak.current === 1 ? 'day' : 'days'}`],
    ['Longest streak', `${stats.streak.longest} ${stats.streak.longest === 1 ? 'day' : 'days'}`],
    ['Due today', String(summary.dueToday)],
    ['Due this week', String(summary.dueNextWeek)],
  ];
  return (
    <dl className="stats-figures">
      {figures.map(([label, value]) => (
        <div key={label} className="stats-figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface SettingsDraft {
  desiredRetention: string;
  newPerDay: string;
  reviewsPerDay: string;
}

const toDraft = (s: ReviewSettings): SettingsDraft => ({
  desiredRetention: String(Math.round(s.desiredRetention * 100)),
  newPerDay: String(s.newPerDay),
  reviewsPerDay: String(s.reviewsPerDay),
});

/**
 * The draft as a PUT body, or the first problem with it. Retention is typed as a percentage
 * (70-97), the way people think of it; the contract takes a share.
 */
export function settingsBody(
  draft: SettingsDraft,
): { ok: true; body: Omit<ReviewSettings, 'timeZone'> } | { ok: false; error: string } {
  const retention = Number(draft.desiredRetention);
  const min = Math.round(DESIRED_RETENTION_MIN * 100);
  const max = Math.round(DESIRED_RETENTION_MAX * 100);
  if (!Number.isFinite(retention) || retention < min || retention > max) {
    return { ok: false, error: `Desired retention must be between ${min}% and ${max}%.` };
  }
  const newPerDay = Number(draft.newPerDay);
  if (!Number.isInteger(newPerDay) || newPerDay < 0 || newPerDay > 1000) {
    return { ok: false, error: 'New cards per day must be a whole number from 0 to 1000.' };
  }
  const reviewsPerDay = Number(draft.reviewsPerDay);
  if (!Number.isInteger(reviewsPerDay) || reviewsPerDay < 0 || reviewsPerDay > 10_000) {
    return { ok: false, error: 'Reviews per day must be a whole number from 0 to 10000.' };
  }
  return { ok: true, body: { desiredRetention: retention / 100, newPerDay, reviewsPerDay } };
}

function ReviewSettingsForm() {
  const settings = useReviewSettings();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const loaded = settings.data?.settings;
  useEffect(() => {
    if (loaded && draft === null) setDraft(toDraft(loaded));
  }, [loaded, draft]);
  const save = useMutation({
    mutationFn: reviewApi.updateSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(reviewSettingsQueryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['review'] });
      setDraft(toDraft(answer.settings));
      setSaved(true);
    },
    onError: (error) =>
      setProblem(serverErrorField(error) ?? 'Failed to save your settings. Please try again.'),
  });
  const ids = { retention: useId(), fresh: useId(), reviews: useId() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    setSaved(false);
    const checked = settingsBody(draft);
    if (!checked.ok) {
      setProblem(checked.error);
      return;
    }
    setProblem(null);
    save.mutate(checked.body);
  };
  const field = (key: keyof SettingsDraft) => ({
    value: draft?.[key] ?? '',
    onChange: (e: { target: { value: string } }) => {
      setSaved(false);
      setDraft((d) => (d ? { ...d, [key]: e.target.value } : d));
    },
  });

  return (
    <section className="stats-settings" aria-labelledby="stats-settings-title">
      <h2 id="stats-settings-title">Review settings</h2>
      {settings.isError && (
        <p className="notice notice-error" role="alert">
          Failed to load your review settings.
        </p>
      )}
      {draft && (
        <form onSubmit={onSubmit} noValidate>
          <div className="stats-settings-fields">
            <label htmlFor={ids.retention}>
              <span>Desired retention (%)</span>
              <input
                id={ids.retention}
                type="number"
                min={Math.round(DESIRED_RETENTION_MIN * 100)}
                max={Math.round(DESIRED_RETENTION_MAX * 100)}
                step={1}
                {...field('desiredRetention')}
              />
            </label>
            <label htmlFor={ids.fresh}>
              <span>New cards per day</span>
              <input
                id={ids.fresh}
                type="number"
                min={0}
                max={1000}
                step={1}
                {...field('newPerDay')}
              />
            </label>
            <label htmlFor={ids.reviews}>
              <span>Reviews per day</span>
              <input
                id={ids.reviews}
                type="number"
                min={0}
                max={10000}
                step={1}
                {...field('reviewsPerDay')}
              />
            </label>
          </div>
          <p className="muted">
            Higher retention brings cards back sooner. Your day starts at 4 a.m. in{' '}
            {loaded?.timeZone ?? 'your time zone'}.
          </p>
          {problem && (
            <p className="notice notice-error" role="alert">
              {problem}
            </p>
          )}
          {saved && (
            <p className="notice notice-info" role="status">
              Settings saved.
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </button>
        </form>
      )}
    </section>
  );
}
