/**
 * A CPU profiler for every process of a bench's stacks (bench/serving.ts, BENCH_CPU_PROFILE=<dir>),
 * loaded with `node --import` through NODE_OPTIONS, which the launcher passes on to its children
 * (node refuses `--cpu-prof` in NODE_OPTIONS, and `--cpu-prof` would profile start-up too).
 * Every 200 ms it reads the control file BENCH_CPU_PROFILE_CTL: `on <name>` starts a profile,
 * `off` stops it and writes `<dir>/<name>.<label>-<app>-<pid>.cpuprofile`, so one profile covers
 * one target's measurements only. Plain JavaScript: loaded before any TypeScript loader.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, join } from 'node:path';

const ctl = process.env.BENCH_CPU_PROFILE_CTL;
const dir = process.env.BENCH_CPU_PROFILE;
if (ctl && dir) {
  // The app a script belongs to (apps/<app>/dist/...), or the bench file's role argument.
  const script = process.argv[1] ?? '';
  const app =
    /apps\/([\w-]+)\/dist\//.exec(script)?.[1] ??
    `${basename(script).replace(/\.\w+$/, '')}-${process.argv[2] ?? ''}`;
  const label = process.env.BENCH_CPU_PROFILE_LABEL ?? 'stack';
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  await post('Profiler.enable');
  let running = null;
  let busy = false;
  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      let want = '';
      try {
        want = readFileSync(ctl, 'utf8').trim();
      } catch {
        /* no control file yet */
      }
      if (want.startsWith('on ') && running === null) {
        running = want.slice(3).replace(/[^\w.-]+/g, '_');
        await post('Profiler.start');
      } else if (!want.startsWith('on ') && running !== null) {
        const { profile } = await post('Profiler.stop');
        writeFileSync(
          join(dir, `${running}.${label}-${app}-${process.pid}.cpuprofile`),
          JSON.stringify(profile),
        );
        running = null;
      }
    } finally {
      busy = false;
    }
  };
  setInterval(() => void poll().catch(() => undefined), 200).unref();
}
