import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { LAUNCHER_ENV } from '../launcher/launch-env.mjs';
import { FIXTURE_SITE_PORT } from './e2e/full-stack/fixture-site';

// Browser tests drive Debian's Chromium; Playwright never downloads a browser here. Two projects:
//
// - `preview`: the built app served by `vite preview` with the API deliberately unreachable
//   (VITE_API_PROXY points at a closed port): the app must still work for an anonymous visitor.
//   Tests that need answers from the API play them with page.route.
// - `full-stack`: the real Mnemo started the way `npm start` does (the launcher: embedded Postgres,
//   every service, the gateway serving dist/) on a fixed port with a fresh data directory, so the
//   tests sign up, read codes and links from the dev outbox and sign in for real. Turbo builds
//   every app before this task runs (turbo.json, "@mnemo/web#test").
const previewPort = Number(process.env.WEB_E2E_PORT ?? 4817);
const stackPort = Number(process.env.WEB_E2E_STACK_PORT ?? 4827);
const previewURL = `http://127.0.0.1:${previewPort}`;
const stackURL = `http://127.0.0.1:${stackPort}`;

// The launcher's data directory is made per run and removed when the launcher has stopped: the
// shell waits for it on SIGTERM (Playwright signals the whole process group), then its EXIT trap runs.
const startStack = [
  'D=$(mktemp -d "${TMPDIR:-/tmp}/mnemo-web-e2e-XXXXXX")',
  `trap 'rm -rf "$D"' EXIT`,
  `trap 'exit 143' TERM INT`,
  // The launcher's own memory settings, as npm start gives them (launch-env.mjs).
  `${Object.entries(LAUNCHER_ENV).map(([k, v]) => `${k}=${v} `).join('')}MNEMO_DATA_DIR="$D" SOURCE_FETCH_ALLOWLIST=127.0.0.1:${FIXTURE_SITE_PORT} node ../launcher/dist/main.js`,
].join('; ');

/**
 * The projects named with --project on the command line (none: all of them). A server is started
 * only for a selected project, so `playwright test --project=preview` needs no built launcher.
 */
function selectedProjects(argv: readonly string[]): string[] | null {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--project') names.push(argv[i + 1] ?? '');
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  // A pattern (preview*, full-*) or a list: start everything rather than guess.
  if (names.length === 0 || names.some((n) => /[*?,]/.test(n))) return null;
  return names;
}
const selected = selectedProjects(process.argv);
type WebServer = Extract<
  NonNullable<PlaywrightTestConfig['webServer']>,
  readonly unknown[]
>[number];
const wanted = (project: string) => selected === null || selected.includes(project);

const browser: PlaywrightTestConfig['use'] = {
  browserName: 'chromium',
  headless: true,
  viewport: { width: 1280, height: 800 },
  trace: 'retain-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  use: browser,
  projects: [
    {
      name: 'preview',
      testMatch: '*.spec.ts',
      testIgnore: 'full-stack/**',
      use: { ...browser, baseURL: previewURL },
    },
    {
      name: 'full-stack',
      testMatch: 'full-stack/*.spec.ts',
      timeout: 60_000,
      expect: { timeout: 10_000 },
      use: { ...browser, baseURL: stackURL },
    },
  ],
  webServer: [...previewServer(), ...stackServer()],
});

function previewServer(): WebServer[] {
  if (!wanted('preview')) return [];
  return [
    {
      name: 'preview',
      // Turbo builds first (test depends on build); building here too keeps a bare `playwright test` working.
      command: `[ -f dist/index.html ] || vite build; vite preview --host 127.0.0.1 --port ${previewPort} --strictPort`,
      url: previewURL,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { VITE_API_PROXY: 'http://127.0.0.1:9' },
    },
  ];
}

function stackServer(): WebServer[] {
  if (!wanted('full-stack')) return [];
  return [
    {
      name: 'full-stack',
      command: startStack,
      url: `${stackURL}/api/healthz`,
      // Never a stack that happens to run on the port: its gateway may serve an older dist/.
      // WEB_E2E_REUSE_STACK=1 opts in while iterating on the tests against a running copy.
      reuseExistingServer: process.env.WEB_E2E_REUSE_STACK === '1',
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      // Every browser context of the suite is a new guest from 127.0.0.1, and the gateway issues
      // one address 20 guest ids an hour by default: the suite passed that count once and a late
      // test's guest kept its locally made id (edit-cards failed CI). The limit itself is tested in
      // the gateway's own suite (anonymous.routes.test.ts).
      env: { PORT: String(stackPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ANONYMOUS_SESSIONS_PER_HOUR: '1000' },
    },
  ];
}
