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
  // The launcher's own memory settings, as npm start gives them (launch-env.mjs). The sign-in
  // limit is per address, and every test's browser and API calls come from 127.0.0.1: each page
  // load asks /api/auth/me and /config, so a fast run passed 60 auth calls in a minute, /me was
  // refused (429) and the app dropped the owner's session (spec 01 §4.1: any failure). Raised here
  // for the test stack only; the gateway's tests pin the limit itself.
  `${Object.entries(LAUNCHER_ENV).map(([k, v]) => `${k}=${v} `).join('')}AUTH_RATE_LIMIT_PER_MINUTE=600 MNEMO_DATA_DIR="$D" SOURCE_FETCH_ALLOWLIST=127.0.0.1:${FIXTURE_SITE_PORT} node ../launcher/dist/main.js`,
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
  // No trace by default: recording one costs each test about a third more CPU (measured on the
  // study and settings specs: 58-61 s against 80-97 s of CPU for 28 tests), and CI keeps only the
  // log. Debug a failure with `--trace retain-on-failure`.
  trace: 'off',
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
  // Two workers: the preview project's tests (mocked API, ~200 of them) mostly wait on the browser,
  // so two files at a time use both cores; the full-stack project keeps one worker (below) because
  // its tests share one running Mnemo on the same two cores. Tests of one file stay in order.
  workers: 2,
  // One retry in CI only. CI shares a noisy two-core machine with the built stack, and the last three
  // fresh-clone runs each failed a different test once (an expect's 5-10 s wait running out while
  // the stack processed a document) that passed in the runs before and after and 20 times in a row
  // under three CPU burners. A test that passes on its retry is still printed, as "flaky" with its
  // first error, so it is seen and looked into; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: Boolean(process.env.CI),
  // CI keeps only the end of the log: the list reporter prints every failure's error again after the
  // run (the line reporter prints it only where the test ended, long before the summary).
  reporter: 'list',
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
      workers: 1,
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
