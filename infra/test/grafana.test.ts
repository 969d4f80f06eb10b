import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { read, root } from './support';

/**
 * The dashboard must only query metrics the code registers: a renamed metric would otherwise leave
 * an empty panel nobody notices. Names come from the prom-client constructors in the apps and
 * packages, and from prom-client's own default metrics (what collectDefaultMetrics registers).
 */

type Panel = { title: string; targets?: { expr: string }[] };
const dashboard = JSON.parse(read('infra/grafana/mnemo.json')) as {
  uid: string;
  panels: Panel[];
  templating: { list: { query?: string }[] };
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

/** name → type, from `new promClient.Gauge({ name: '...' })` and the like. */
function registered(): Map<string, string> {
  const names = new Map<string, string>();
  const dirs = ['apps', 'packages'].flatMap((top) =>
    readdirSync(join(root, top), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(root, top, e.name, 'src')),
  );
  for (const dir of dirs) {
    let files: string[] = [];
    try {
      files = sourceFiles(dir);
    } catch {
      continue; // a package without src
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new (?:promClient|client)\.(Gauge|Counter|Histogram|Summary)\(\{\s*name: '([a-z_:][a-z0-9_:]*)'/g)) {
        names.set(m[2]!, m[1]!);
      }
    }
  }
  const promClient = dirname(createRequire(join(root, 'packages/service-kit/package.json')).resolve('prom-client'));
  const metricsDir = join(promClient, 'lib/metrics');
  for (const file of readdirSync(metricsDir).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(join(metricsDir, file), 'utf8').matchAll(/'((?:process|nodejs)_[a-z0-9_]+)'/g)) {
      if (!names.has(m[1]!)) names.set(m[1]!, 'default');
    }
  }
  return names;
}

/** Metric names in a PromQL expression (not functions, labels, or label values). */
function queried(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const withoutGroupings = withoutStrings.replace(/\b(by|without)\s*\([^)]*\)/g, '');
  const withoutMatchers = withoutGroupings.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  return [...withoutMatchers.matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/g)]
    .map((m) => m[1]!)
    .filter((name) => !/^(by|without|on|ignoring|le)$/.test(name) && !/^\d/.test(name));
}

describe('the Grafana dashboard', () => {
  const metrics = registered();
  const queries = [
    ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
    ...dashboard.templating.list.filter((v) => v.query?.includes('(')).map((v) => ({ where: 'variable', expr: v.query!.replace(/^label_values\(([^,]+),.*$/, '$1') })),
  ];

  it('finds the metrics Mnemo registers (a sanity check of the scan)', () => {
    for (const name of ['http_request_duration_seconds', 'mnemo_queue_jobs', 'mnemo_job_duration_seconds', 'mnemo_job_failures_total', 'mnemo_sse_connections', 'mnemo_ai_request_duration_seconds', 'mnemo_ai_errors_total', 'process_resident_memory_bytes']) {
      expect(metrics.has(name), name).toBe(true);
    }
  });

  it('queries only metrics the code registers, with histogram suffixes only on histograms', () => {
    const unknown: string[] = [];
    for (const { where, expr } of queries) {
      const names = queried(expr);
      expect(names.length, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const name of names) {
        const histogram = /^(.*)_(bucket|sum|count)$/.exec(name);
        if (metrics.has(name)) continue;
        if (histogram && ['Histogram', 'Summary'].includes(metrics.get(histogram[1]!) ?? '')) continue;
        unknown.push(`${where}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('shows the operations signals the issue asks for', () => {
    const all = queries.map((q) => q.expr).join('\n');
    for (const name of ['http_request_duration_seconds_count', 'status=~"5..', 'http_request_duration_seconds_bucket', 'mnemo_queue_jobs', 'mnemo_job_duration_seconds_bucket', 'mnemo_job_failures_total', 'mnemo_sse_connections', 'mnemo_ai_request_duration_seconds_bucket', 'mnemo_ai_errors_total']) {
      expect(all).toContain(name);
    }
    expect(new Set(dashboard.panels.map((p) => p.title)).size).toBe(dashboard.panels.length);
  });
});
