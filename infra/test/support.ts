// Shared by the infra tests: the repository's files, the image targets, and each app's own
// environment schema, so deployment settings are judged by exactly what the app accepts at boot.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const read = (path: string) => readFileSync(join(root, path), 'utf8');

/**
 * Every app that ships as its own image: all of apps/ except web (served by the gateway image) and
 * the launcher (the laptop runtime; its migrate entry is the migrate image). A new app fails these
 * tests until the Dockerfile, compose and Kubernetes know it.
 */
export const serviceApps = readdirSync(join(root, 'apps'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'web' && d.name !== 'launcher')
  .map((d) => d.name)
  .sort();
export const imageTargets = [...serviceApps, 'migrate'];

export type Env = Record<string, string>;
type Issue = { path: PropertyKey[]; message: string };
type EnvSchema = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Record<string, unknown> }
    | { success: false; error: { issues: Issue[] } };
};

/** apps/<app>/src/env.ts's zod schema (that file only defines it; nothing runs on import). */
export async function appEnvSchema(app: string): Promise<EnvSchema> {
  // Loaded by path in a loop over apps/: infra checks each app's own rules, no app imports another.
  const mod = (await import(pathToFileURL(join(root, 'apps', app, 'src', 'env.ts')).href)) as {
    envSchema: EnvSchema;
  };
  return mod.envSchema;
}

/** The settings an app would boot with, or one readable line per problem. */
export async function bootEnv(
  app: string,
  env: Env,
): Promise<{ data: Record<string, unknown>; problems: string[] }> {
  const result = (await appEnvSchema(app)).safeParse(env);
  if (result.success) return { data: result.data, problems: [] };
  return {
    data: {},
    problems: result.error.issues.map((i) => `${app}: ${i.path.join('.')}: ${i.message}`),
  };
}

/** KEY=VALUE lines as Compose and Docker read them (comments and blank lines skipped). */
export function parseEnvFile(text: string): Env {
  const env: Env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME-default}` with NAME unset, as on a fresh machine. */
export const interpolate = (value: string, vars: Env = {}) =>
  value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g,
    (_m, name: string, fallback?: string) => vars[name] ?? fallback ?? '',
  );

/** The runtime stage's ENV line of infra/docker/Dockerfile, for one APP. */
export function imageEnv(app: string): Env {
  const dockerfile = read('infra/docker/Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Env = {};
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const pair of line.slice(4).trim().split(/\s+/)) {
      const [key, value = ''] = pair.split('=');
      env[key!] = value.replace('${APP}', app);
    }
  }
  return env;
}

/** URL's port, with the scheme's default. */
export const portOf = (url: string) =>
  Number(new URL(url).port || (new URL(url).protocol === 'https:' ? 443 : 80));
