import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireRunFile } from './lock';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the run file', () => {
  it('holds every recorded child as whole JSON, with nothing left beside it, and goes on release', () => {
    const dir = dataDir();
    const run = acquireRunFile(dir);
    run.record('gateway', 101, 3001);
    run.setPrefix('mnemo-test');
    run.setUrl('http://127.0.0.1:3001');
    run.record('deck', 102);
    const state = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    expect(state).toEqual({
      pid: process.pid,
      redisPrefix: 'mnemo-test',
      url: 'http://127.0.0.1:3001',
      children: { gateway: { pid: 101, port: 3001 }, deck: { pid: 102 } },
    });
    expect(readdirSync(dir)).toEqual(['run.json']);
    run.release();
    expect(existsSync(join(dir, 'run.json'))).toBe(false);
  });

  it('refuses a data folder a live process holds, and takes over one a dead process left', async () => {
    const dir = dataDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dir, 'run.json'), JSON.stringify({ pid: child.pid, children: {} }));
      expect(() => acquireRunFile(dir)).toThrow(/already running .*pid/);
    } finally {
      child.kill();
      await new Promise((r) => child.once('exit', r));
    }
    const run = acquireRunFile(dir);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).pid).toBe(process.pid);
    run.release();
  });
});
