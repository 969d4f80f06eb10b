import type { ChildSpec, Supervised } from './supervisor';
import { stopChild } from './supervisor';

/**
 * How a crashed child is brought back: after a delay that doubles with each crash in the window
 * (a child that dies at once is not restarted in a tight loop), and not at all once it has crashed
 * more than `maxRestarts` times within `windowMs`: a child that cannot stay up is a fault to report,
 * and the launcher stops everything rather than run without it.
 */
export type RestartPolicy = {
  maxRestarts: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 60_000,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

/** Why a child ended, in words: its exit code or the signal that killed it. */
export const exitReason = (child: Supervised['child']) =>
  child.signalCode ? `killed by ${child.signalCode}` : `exit code ${child.exitCode ?? 'unknown'}`;

export type Restarting = {
  readonly name: string;
  /** The process running now (a new one after each restart). */
  current(): Supervised;
  /** Cancels a pending restart and stops the process running now. */
  stop(): Promise<void>;
};

/**
 * Runs `spec` with `start` and restarts it when it exits on its own. `onStart` sees every process
 * started (the first included), `log` every crash and restart, `onGiveUp` the crash that exhausts
 * the policy (nothing is restarted after it).
 */
export function keepRunning(
  spec: ChildSpec,
  {
    start,
    policy = DEFAULT_RESTART_POLICY,
    log,
    onStart = () => {},
    onGiveUp,
    isUp,
    now = Date.now,
  }: {
    start: (spec: ChildSpec) => Supervised;
    policy?: RestartPolicy;
    log: (line: string) => void;
    onStart?: (child: Supervised) => void;
    onGiveUp: (error: Error) => void;
    /**
     * Whether the child has come up (its readiness answered). Until then a crash is a start-up
     * failure: it is given up at once, not restarted, so the log does not promise a restart just
     * before Mnemo stops. Absent: every exit counts as a crash of a running child.
     */
    isUp?: () => boolean;
    now?: () => number;
  },
): Restarting {
  let crashes: number[] = [];
  let stopped = false;
  let pending: NodeJS.Timeout | null = null;
  let current = launch();

  function launch(): Supervised {
    const child = start(spec);
    onStart(child);
    void child.exited.then(() => {
      if (!stopped) crashed(child);
    });
    return child;
  }

  function crashed(child: Supervised) {
    const at = now();
    crashes = [...crashes.filter((t) => at - t < policy.windowMs), at];
    const reason = exitReason(child.child);
    if (isUp && !isUp()) {
      stopped = true;
      onGiveUp(new Error(`${spec.name} exited while starting (${reason})`));
      return;
    }
    if (crashes.length > policy.maxRestarts) {
      stopped = true;
      onGiveUp(
        new Error(
          `${spec.name} exited unexpectedly (${reason}), its ${crashes.length}th crash within ${Math.round(policy.windowMs / 1000)} s; not restarting it`,
        ),
      );
      return;
    }
    const delay = Math.min(policy.firstDelayMs * 2 ** (crashes.length - 1), policy.maxDelayMs);
    log(
      `${spec.name} exited unexpectedly (${reason}); restarting it in ${(delay / 1000).toFixed(1)} s (crash ${crashes.length} of at most ${policy.maxRestarts} within ${Math.round(policy.windowMs / 1000)} s)`,
    );
    pending = setTimeout(() => {
      pending = null;
      if (!stopped) current = launch();
    }, delay);
  }

  return {
    name: spec.name,
    current: () => current,
    async stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      pending = null;
      await stopChild(current);
    },
  };
}
