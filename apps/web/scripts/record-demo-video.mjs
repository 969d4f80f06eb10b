#!/usr/bin/env node
/**
 * Records the landing page's demo video: a real run of Mnemo in Debian's Chromium, a signed-out
 * visitor adding a web page and making cards from it. Screenshots are taken every FRAME_MS while
 * the visitor works and assembled into a small VP9 WebM (plus a WebP poster) with Debian's ffmpeg.
 *
 *   pnpm build                                   # the launcher and apps/web/dist
 *   node apps/web/scripts/record-demo-video.mjs  # from the repository root
 *
 * It starts Mnemo itself (apps/launcher/dist/main.js, as `npm start` does, with a throwaway data
 * directory) on RECORD_PORT (default 4829), unless MNEMO_URL points at a running copy that may
 * fetch 127.0.0.1:RECORD_FIXTURE_PORT. The source is a local article served by this script: no
 * internet. Writes apps/web/public/demo/mnemo-demo.webm and mnemo-demo-poster.webp.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { LAUNCHER_ENV } from '../../launcher/launch-env.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');
const outDir = resolve(here, '../public/demo');
const WIDTH = 960; // apps/web/src/features/marketing/demo-video.tsx
const HEIGHT = 600;
const FRAME_MS = 250;
const PORT = Number(process.env.RECORD_PORT ?? 4829);
const FIXTURE_PORT = Number(process.env.RECORD_FIXTURE_PORT ?? 4839);

if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) {
  console.error('ffmpeg is missing. Install it with: sudo apt-get install -y ffmpeg');
  process.exit(1);
}

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Photosynthesis</title></head>
<body><article><h1>Photosynthesis</h1>
<p>Photosynthesis is the process by which green plants, algae and some bacteria turn light energy into chemical energy. It takes place mainly in the chloroplasts of leaf cells, which contain the green pigment chlorophyll.</p>
<p>In the light-dependent reactions, which happen in the thylakoid membranes, chlorophyll absorbs light. The energy splits water molecules, releasing oxygen as a by-product, and is stored in the carriers ATP and NADPH.</p>
<p>In the Calvin cycle, which happens in the stroma, the enzyme RuBisCO fixes carbon dioxide from the air. Using the ATP and NADPH from the light-dependent reactions, the cycle builds a three-carbon sugar that the plant turns into glucose, sucrose and starch.</p>
<p>The rate of photosynthesis depends on light intensity, the concentration of carbon dioxide and temperature. When one of them is in short supply it limits the rate, whatever the other two are.</p>
<p>Photosynthesis is the source of almost all the oxygen in the atmosphere and of the energy in nearly every food chain on Earth.</p>
</article></body></html>`;

const fixture = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
});
await new Promise((done) => fixture.listen(FIXTURE_PORT, '127.0.0.1', done));

let stack = null;
let dataDir = null;
let baseURL = process.env.MNEMO_URL;
if (!baseURL) {
  dataDir = mkdtempSync(join(tmpdir(), 'mnemo-demo-'));
  baseURL = `http://127.0.0.1:${PORT}`;
  stack = spawn('node', [join(repo, 'apps/launcher/dist/main.js')], {
    cwd: repo,
    env: {
      ...process.env,
      ...LAUNCHER_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MNEMO_DATA_DIR: dataDir,
      SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${FIXTURE_PORT}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Mnemo did not start within 180 s');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const frames = mkdtempSync(join(tmpdir(), 'mnemo-demo-frames-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let recording = true;
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  let n = 0;
  // Screenshots in a loop of their own, so the frames keep coming while the visitor waits.
  const recorder = (async () => {
    while (recording) {
      const started = Date.now();
      const file = join(frames, `frame-${String(n).padStart(5, '0')}.jpg`);
      await page.screenshot({ path: file, type: 'jpeg', quality: 80 }).catch(() => {});
      n += 1;
      await new Promise((r) => setTimeout(r, Math.max(0, FRAME_MS - (Date.now() - started))));
    }
  })();
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));

  await page.goto(`${baseURL}/create-flashcards`);
  await page.getByRole('textbox', { name: 'Link' }).waitFor();
  await pause(1200);
  await page
    .getByRole('textbox', { name: 'Link' })
    .pressSequentially(`http://127.0.0.1:${FIXTURE_PORT}/photosynthesis`, { delay: 40 });
  await pause(400);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await pause(1200);
  await page.getByRole('button', { name: 'Create Cards' }).click();
  await page.waitForURL(/\/deck\/[^/]+\/edit$/, { timeout: 180_000 });
  await page.getByText(/^Total questions: [1-9]\d* \|/).waitFor({ timeout: 180_000 });
  await pause(2500);
  await page.mouse.wheel(0, 400);
  await pause(2500);
  recording = false;
  await recorder;
} finally {
  recording = false;
  await browser.close();
  fixture.close();
  if (stack) {
    stack.kill('SIGTERM');
    await new Promise((r) => stack.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

// Long waits (processing) are sped up by ffmpeg's frame rate: FRAME_MS real time per frame, shown
// at 8 frames a second. VP9 at a high CRF keeps a screen recording a few hundred KB.
mkdirSync(outDir, { recursive: true });
const video = join(outDir, 'mnemo-demo.webm');
const poster = join(outDir, 'mnemo-demo-poster.webp');
const frameFiles = readdirSync(frames).filter((f) => f.endsWith('.jpg'));
if (frameFiles.length === 0) throw new Error('no frames were captured');
const ff = (args) => {
  const run = spawnSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed`);
};
ff([
  '-framerate',
  '8',
  '-i',
  join(frames, 'frame-%05d.jpg'),
  '-vf',
  `scale=${WIDTH}:${HEIGHT},format=yuv420p`,
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '45',
  '-row-mt',
  '1',
  '-deadline',
  'good',
  '-an',
  video,
]);
const last = join(frames, frameFiles.sort().at(-1));
ff(['-i', last, '-vf', `scale=${WIDTH}:${HEIGHT}`, '-quality', '70', poster]);
rmSync(frames, { recursive: true, force: true });
console.log(
  `${frameFiles.length} frames -> ${video} (${Math.round(statSync(video).size / 1024)} KB), ` +
    `${poster} (${Math.round(statSync(poster).size / 1024)} KB)`,
);
