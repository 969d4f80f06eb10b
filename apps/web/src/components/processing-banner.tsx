import {
  PROGRESS_ESTIMATE,
  isTerminalStep,
  progressTone,
  stepCounterText,
  type ProgressView,
} from '../lib/sources/source-progress';

/**
 * The processing banner of spec 02 §2 and §4: the step's colour (green completed, red error,
 * yellow vectors-warning, blue otherwise), 'Step N of 10', the message, the 3-5 minute estimate
 * while running, and the two progress errors.
 */
export function ProcessingBanner({ view, title }: { view: ProgressView | null; title?: string }) {
  if (!view?.visible) return null;
  const event = view.event;
  const progress = event?.progress ?? 0;
  const terminal = event ? isTerminalStep(event.step) : false;
  return (
    <section
      className="processing-banner"
      data-tone={event ? progressTone(event.step) : 'info'}
      data-step={event?.step ?? 'waiting'}
      aria-label="Processing progress"
    >
      <div className="processing-banner-head">
        <strong>{title ? `Processing: ${title}` : 'Processing source'}</strong>
        <span>{stepCounterText(progress)}</span>
      </div>
      <p className="processing-banner-message" role="status">
        {event?.message ?? 'Connecting to progress updates...'}
      </p>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Processing"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${Math.min(100, Math.max(0, progress))}%` }} />
      </div>
      {view.tracking && !terminal && <p className="muted">{PROGRESS_ESTIMATE}</p>}
      {view.error && (
        <p className="processing-banner-error" role="alert">
          {view.error}
        </p>
      )}
    </section>
  );
}
