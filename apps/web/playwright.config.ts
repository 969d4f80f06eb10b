import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

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
  'MNEMO_DATA_DIR="$D" node ../launcher/dist/main.js',
].join('; ');

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
  webServer: [
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
      env: { PORT: String(stackPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    },
  ],
});
