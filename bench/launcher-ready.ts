import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

/**
 * The environment the checkout at `root` starts its launcher with, as its `npm start` does
 * (apps/launcher/launch-env.mjs; none in a checkout from before that file), so that a bench running
 * an older checkout beside this one starts each the way its own code would.
 */
export async function launcherEnvOf(root: string): Promise<Record<string, string>> {
  const file = join(root, 'apps/launcher/launch-env.mjs');
  if (!existsSync(file)) return {};
  const mod = (await import(pathToFileURL(file).href)) as { LAUNCHER_ENV: Record<string, string> };
  return { ...mod.LAUNCHER_ENV };
}
