import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once a launcher started by a bench prints its ready line; rejects with what it printed
 * if it exits first (usually a missing `pnpm build`). The child's stdout must be piped.
 */
export function untilLauncherReady(launcher: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = '';
    launcher.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Mnemo is running at')) resolve();
    });
    launcher.once('exit', (code) => reject(new Error(`launcher exited (${code}); did you run pnpm build?\n${out}`)));
  });
}
