import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium against the built app served by `vite preview`; Playwright
// never downloads a browser here. The API is deliberately unreachable (VITE_API_PROXY points at a
// closed port): the app must still work for an anonymous visitor. Tests that need a signed-in user
// answer the few API calls themselves with page.route.
const port = Number(process.env.WEB_E2E_PORT ?? 4817);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
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
  },
  webServer: {
    // Turbo builds first (test depends on build); building here too keeps a bare `playwright test` working.
    command: `[ -f dist/index.html ] || vite build; vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { VITE_API_PROXY: 'http://127.0.0.1:9' },
  },
});
