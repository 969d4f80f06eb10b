/**
 * Starts Mnemo the way `npm start` does (built apps, embedded PGlite, random ports, a temporary
 * data folder) and checks it from the outside: health through the gateway, the web app, one real
 * call per service, the progress path from queue to browser, identity enforcement, and a clean stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import epub from 'epub-gen-memory';
import { LAUNCHER_ENV } from '../launch-env.mjs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@mnemo/contracts/identity';
import { progressOwnerKey } from '@mnemo/contracts/progress';
import { jobIds } from '@mnemo/contracts/jobs';
import { signIdentity } from '@mnemo/service-kit/identity';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixturePath } from '@mnemo/testing/fixtures';
import { freePort } from '../src/ports';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-system-'));
let launcher: ChildProcess;
let output = '';
let base: string;
let exitCode: Promise<number | null>;
type RunFile = { redisPrefix: string; children: Record<string, { pid?: number; port?: number }> };
let runFile: RunFile;
const redis = new Redis(REDIS_URL);
/** A web site with one real article, reached by the worker through SOURCE_FETCH_ALLOWLIST. */
let site: Server;
let siteBase: string;

beforeAll(async () => {
  const article = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
  site = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article),
  );
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const sitePort = (site.address() as AddressInfo).port;
  siteBase = `http://127.0.0.1:${sitePort}`;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
  launcher = spawn(process.execPath, [main], {
    env: {
      ...env,
      ...LAUNCHER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      MNEMO_DATA_DIR: dataDir,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${sitePort}`,
      // The launcher's own start limit (120 s by default) inside the test's 240 s wait: at load 49 the
      // default tripped first.
      STARTUP_TIMEOUT_SECONDS: '230',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exitCode = new Promise((r) => launcher.once('exit', (code) => r(code)));
  launcher.stdout!.on('data', (d) => (output += String(d)));
  launcher.stderr!.on('data', (d) => (output += String(d)));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Mnemo is running at')) {
    if (launcher.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`launcher did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  runFile = JSON.parse(readFileSync(join(dataDir, 'run.json'), 'utf8')) as RunFile;
}, 300_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) launcher.kill('SIGKILL');
  await redis.quit();
  await new Promise((r) => site?.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

/** fetch's json() is unknown; these tests assert on the shape. */
const json = async (res: Response): Promise<any> => res.json();
/** A guest id issued by the gateway (clients cannot make their own): the issued form and its uuid. */
async function issueGuest(): Promise<{ id: string; uuid: string }> {
  const res = await fetch(`${base}/api/auth/anonymous-sessions`, { method: 'POST' });
  expect(res.status).toBe(201);
  const id = (await json(res)).sessionId as string;
  return { id, uuid: id.split('.')[0]! };
}
const anonHeaders = (anonId: string) => ({
  'x-anonymous-session': anonId,
  'content-type': 'application/json',
});

async function readEvents(res: Response, until: (e: { step: string }) => boolean) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { step: string; progress: number }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let idx;
    while ((idx = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, idx)
        .split('\n')
        .find((l) => l.startsWith('data: '));
      buffer = buffer.slice(idx + 2);
      if (!data) continue;
      const event = JSON.parse(data.slice(6));
      events.push(event);
      if (until(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

describe('Mnemo started as npm start does', () => {
  it('reports gateway, auth, deck, chat, billing and worker healthy through the gateway', async () => {
    const res = await fetch(`${base}/api/healthz`);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe('ok');
    for (const name of ['gateway', 'auth', 'deck', 'chat', 'billing', 'worker'])
      expect(body.services[name]?.status).toBe('ok');
  });

  it('serves the web app, including deep links', async () => {
    for (const path of ['/', '/create-flashcards', '/deck/abc/summary']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root"');
    }
  });

  it('answers a real call of every service through the gateway', async () => {
    const { id: anonId, uuid } = await issueGuest();
    const created = await fetch(`${base}/api/spaces`, {
      method: 'POST',
      headers: anonHeaders(anonId),
      body: JSON.stringify({ title: 'Physics' }),
    });
    expect(created.status).toBe(201);
    const spaces = await json(await fetch(`${base}/api/spaces`, { headers: anonHeaders(anonId) }));
    expect(spaces.data.map((s: { title: string }) => s.title)).toEqual(['Physics']);

    const limits = await fetch(`${base}/api/auth/anonymous-limits/${anonId}`, {
      headers: anonHeaders(anonId),
    });
    expect(limits.status).toBe(200);
    const answer = await json(limits);
    expect(answer.sessionId).toBe(uuid);
    // Usage comes from the deck and chat services: the space just made counts.
    expect(answer.usage).toEqual({ studySpaces: 1, decks: 0, cardsGenerated: 0, chatMessages: 0 });

    const chats = await fetch(`${base}/api/chat/deck/${randomUUID()}`, {
      headers: anonHeaders(anonId),
    });
    expect(chats.status).toBe(404);
    expect((await json(chats)).error).toBe('Deck not found');

    const usage = await fetch(`${base}/api/payment/usage`, { headers: anonHeaders(anonId) });
    expect(usage.status).toBe(401);
    expect((await json(usage)).error).toBe('Authentication required');
  });

  it('refuses a forged identity sent straight to a service', async () => {
    const deck = `http://127.0.0.1:${runFile.children.deck!.port}`;
    const forged = signIdentity(
      { kind: 'user', userId: randomUUID(), plan: 'scholar' },
      'a-guessed-secret-that-is-wrong',
    );
    const res = await fetch(`${deck}/spaces`, { headers: { [IDENTITY_HEADER]: forged } });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe('IDENTITY_INVALID');
    expect((await fetch(`${deck}/spaces`)).status).toBe(401);
  });

  it('carries a job from the queue through the worker and Redis pub/sub to an SSE client, in order', async () => {
    const { id: anonId, uuid } = await issueGuest();
    const sourceId = randomUUID();
    const prefix = runFile.redisPrefix;
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${uuid}`, 'EX', 600);

    const live = await fetch(`${base}/api/ai/progress/${sourceId}`, {
      headers: anonHeaders(anonId),
    });
    expect(live.status).toBe(200);
    const liveEvents = readEvents(live, (e) => e.step === 'completed');

    const queue = new Queue('ingest', {
      connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }),
      prefix,
    });
    await queue.add(
      'pipeline-check',
      { sourceId, steps: 3, delayMs: 150 },
      { jobId: jobIds.pipelineCheck(sourceId) },
    );
    const events = await liveEvents;
    expect(events.map((e) => e.step)).toEqual([
      'connected',
      'starting',
      'extracting',
      'extracting',
      'extracting',
      'completed',
    ]);
    const progress = events.slice(1).map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // A client that connects late gets the current state first; a browser opens it with a ticket.
    const issued = await fetch(`${base}/api/ai/progress/${sourceId}/ticket`, {
      method: 'POST',
      headers: anonHeaders(anonId),
    });
    const { ticket } = (await issued.json()) as { ticket: string };
    const late = await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${encodeURIComponent(ticket)}`);
    const lateEvents = await readEvents(late, (e) => e.step === 'completed');
    expect(lateEvents.map((e) => e.step)).toEqual(['connected', 'completed']);

    // Someone else's client is refused.
    const other = await fetch(`${base}/api/ai/progress/${sourceId}`, {
      headers: anonHeaders((await issueGuest()).id),
    });
    expect(other.status).toBe(404);
    await queue.close();
  });

  it('ingests a real web page and a real PDF added through the gateway, followed live over SSE to completion', async () => {
    const { id: anonId } = await issueGuest();
    const headers = anonHeaders(anonId);
    const form = new FormData();
    // A PDF of real text: the LaTeX blind text of pdflatex-4-pages.pdf is refused a summary (issue 21).
    form.append(
      'file',
      new Blob([readFileSync(fixturePath('pdf', 'google-doc-document.pdf'))], {
        type: 'application/pdf',
      }),
      'notes.pdf',
    );
    const upload = await fetch(`${base}/api/upload/document`, {
      method: 'POST',
      headers: { 'x-anonymous-session': anonId },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const { file } = await json(upload);

    const created = await fetch(`${base}/api/decks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Real sources' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await json(created);
    const sources: { _id: string; type: string }[] = [];
    for (const source of [
      { type: 'website', url: `${siteBase}/wiki/Mozilla` },
      {
        type: 'document',
        storageRef: file.storageRef,
        originalFilename: 'notes.pdf',
        contentType: file.contentType,
        sizeInBytes: file.size,
      },
    ]) {
      const added = await fetch(`${base}/api/decks/${deck._id}/sources`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ source }),
      });
      expect(added.status, await added.clone().text()).toBe(201);
      sources.push(await json(added));
    }

    for (const source of sources) {
      const processing = await fetch(`${base}/api/ai/process-source`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ deckId: deck._id, sourceId: source._id }),
      });
      expect(processing.status, await processing.clone().text()).toBe(200);
      const stream = await fetch(`${base}/api/ai/progress/${source._id}`, {
        headers: anonHeaders(anonId),
      });
      expect(stream.status).toBe(200);
      const events = await readEvents(stream, (e) => e.step === 'completed' || e.step === 'error');
      expect(events.at(-1)!.step).toBe('completed');
      expect(events.map((e) => e.step)).toEqual(
        expect.arrayContaining(['extracting', 'embeddings', 'generating-summary']),
      );

      const status = await json(
        await fetch(`${base}/api/ai/source-status/${deck._id}/${source._id}`, { headers }),
      );
      expect(status.source.processingStatus).toBe('completed');
      expect(status.source.summary.length).toBeGreaterThan(20);
      expect(status.source.keyPoints.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('ingests a plain text file, a saved web page and an e-book uploaded through the gateway, each to its own words (issue 22)', async () => {
    const { id: anonId } = await issueGuest();
    const headers = anonHeaders(anonId);
    const paragraph = (topic: string, detail: string) =>
      `${topic} ${detail} Students who revise ${topic.toLowerCase()} with spaced practice remember it for longer, ` +
      'and a short quiz after each reading shows what still needs work before the examination.';
    // Real writers where the format has one (epub-gen-memory writes the EPUB as e-book tools do);
    // a text file and a saved page are what an editor and a browser's "Save page as" write.
    const files = [
      {
        name: 'glaciers.txt',
        type: 'text/plain',
        data: Buffer.from(
          `Glaciers\n\n${paragraph('Glaciers', 'are rivers of ice that carve valleys as they move downhill under their own weight.')}\n\n` +
            `${paragraph('Moraines', 'are ridges of rock and gravel that a glacier pushes ahead of it or leaves at its sides.')}\n`,
        ),
        words: ['glacier', 'moraines'],
      },
      {
        name: 'volcanoes.html',
        type: 'text/html',
        data: Buffer.from(
          '<!DOCTYPE html><html><head><title>Volcanoes</title></head><body><nav>Home | About</nav><article>' +
            `<h1>Volcanoes</h1><p>${paragraph('Magma', 'rises through the crust and erupts as lava when the pressure of its gases is released.')}</p>` +
            `<p>${paragraph('Calderas', 'form when the ground collapses into the emptied magma chamber after a large eruption.')}</p>` +
            '</article></body></html>',
        ),
        words: ['magma', 'calderas'],
      },
      {
        name: 'tides.epub',
        type: 'application/epub+zip',
        data: await epub({ title: 'Tides', author: 'Mnemo Tests', ignoreFailedDownloads: true, verbose: false }, [
          { title: 'The Moon', content: `<p>${paragraph('Tides', 'rise and fall twice a day because the Moon pulls on the oceans.')}</p>` },
          { title: 'Spring tides', content: `<p>${paragraph('Spring tides', 'are the highest tides, when the Sun and the Moon line up at new and full moon.')}</p>` },
        ]),
        words: ['moon', 'spring tides'],
      },
    ];

    const created = await fetch(`${base}/api/decks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'More formats' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await json(created);

    for (const f of files) {
      const form = new FormData();
      form.append('file', new Blob([f.data], { type: f.type }), f.name);
      const upload = await fetch(`${base}/api/upload/document`, {
        method: 'POST',
        headers: { 'x-anonymous-session': anonId },
        body: form,
      });
      expect(upload.status, `${f.name}: ${await upload.clone().text()}`).toBe(200);
      const { file } = await json(upload);
      const added = await fetch(`${base}/api/decks/${deck._id}/sources`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          source: {
            type: 'document',
            storageRef: file.storageRef,
            originalFilename: f.name,
            contentType: file.contentType,
            sizeInBytes: file.size,
          },
        }),
      });
      expect(added.status, `${f.name}: ${await added.clone().text()}`).toBe(201);
      const source = await json(added);
      const processing = await fetch(`${base}/api/ai/process-source`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ deckId: deck._id, sourceId: source._id }),
      });
      expect(processing.status, await processing.clone().text()).toBe(200);
      const stream = await fetch(`${base}/api/ai/progress/${source._id}`, { headers: anonHeaders(anonId) });
      const events = await readEvents(stream, (e) => e.step === 'completed' || e.step === 'error');
      expect(events.at(-1), `${f.name}: ${JSON.stringify(events.at(-1))}`).toMatchObject({ step: 'completed' });

      const status = await json(
        await fetch(`${base}/api/ai/source-status/${deck._id}/${source._id}`, { headers }),
      );
      expect(status.source.processingStatus).toBe('completed');
      expect(status.source.summary.length, f.name).toBeGreaterThan(20);
      expect(status.source.keyPoints.length, f.name).toBeGreaterThan(0);
      // The source's own words, read back from its stored passages (what citations open).
      let text = '';
      for (let i = 0; ; i++) {
        const res = await fetch(`${base}/api/chat/sources/${source._id}/passages/${i}`, { headers });
        if (res.status === 404) break;
        expect(res.status).toBe(200);
        text += ` ${(await json(res)).passage.content}`;
      }
      for (const word of f.words) expect(text.toLowerCase(), f.name).toContain(word);
      // Page chrome of the saved page is not part of its text.
      if (f.name.endsWith('.html')) expect(text).not.toContain('Home | About');
    }
  }, 180_000);

  it('takes a visitor through sign-up, verification, sign-out, sign-in and a password reset, keeping their work', async () => {
    const { id: anonId } = await issueGuest();
    const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
    const call = (
      path: string,
      init: { method?: string; body?: unknown; token?: string; anon?: string } = {},
    ) =>
      fetch(`${base}/api${path}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.anon ? { 'x-anonymous-session': init.anon } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
    const mailTo = async (subject: RegExp) => {
      const mails = (await json(await fetch(`${base}/api/dev/mail`))) as {
        to: string;
        subject: string;
        text: string;
      }[];
      return mails.find((m) => m.to === email && subject.test(m.subject))!;
    };

    await call('/spaces', { body: { title: 'Made as a guest' }, anon: anonId });
    const reg = await call('/auth/register', {
      body: { firstName: 'Ada', email, password: 'a-Long-unusual-passphrase-42' },
      anon: anonId,
    });
    expect(reg.status).toBe(201);
    const { userId } = await json(reg);
    const code = /\b(\d{6})\b/.exec((await mailTo(/verification code/)).text)![1];
    const verified = await json(
      await call('/auth/verify-email', { body: { userId, verificationCode: code }, anon: anonId }),
    );
    const token = verified.token as string;
    expect((await json(await call('/auth/me', { token }))).user).toEqual({
      _id: userId,
      email,
      firstName: 'Ada',
    });
    const spaces = await json(await call('/spaces', { token }));
    expect(spaces.data.map((s: { title: string }) => s.title)).toEqual(['Made as a guest']);

    await call('/auth/logout', { method: 'POST', token });
    const after = await call('/auth/me', { token });
    expect(after.status).toBe(401);
    expect(await json(after)).toMatchObject({ shouldClearToken: true });

    const login = await json(
      await call('/auth/login', { body: { email, password: 'a-Long-unusual-passphrase-42' } }),
    );
    expect(login).toMatchObject({ email, firstName: 'Ada', _id: userId });

    await call('/auth/request-password-reset', { body: { email } });
    // The link opens on the address the request came to (127.0.0.1 here), not on localhost.
    const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec((await mailTo(/Reset/)).text)![1]!;
    expect(link.startsWith(`${base}/reset-password?token=`)).toBe(true);
    const resetToken = decodeURIComponent(new URL(link).searchParams.get('token')!);
    expect(
      await json(await call(`/auth/validate-reset-token/${encodeURIComponent(resetToken)}`)),
    ).toMatchObject({ email });
    const reset = await json(
      await call('/auth/reset-password', {
        body: { token: resetToken, password: 'another-Unusual-passphrase-77' },
      }),
    );
    expect(reset.user.email).toBe(email);
    expect((await call('/auth/me', { token: login.token })).status).toBe(401);
    expect((await call('/auth/me', { token: reset.token })).status).toBe(200);
  });

  it('restarts the worker after kill -9, says why, and keeps serving; the database wants its password', async () => {
    const before = runFile.children.worker!.pid!;
    process.kill(before, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let after = before;
    while (after === before) {
      if (Date.now() > deadline) throw new Error(`the worker was not restarted:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
      runFile = JSON.parse(readFileSync(join(dataDir, 'run.json'), 'utf8')) as RunFile;
      after = runFile.children.worker!.pid!;
    }
    expect(output).toContain('worker exited unexpectedly (killed by SIGKILL); restarting it in 0.5 s');
    let health: any = null;
    while (health?.services?.worker?.status !== 'ok') {
      if (Date.now() > deadline) throw new Error(`the worker did not come back: ${JSON.stringify(health)}`);
      await new Promise((r) => setTimeout(r, 500));
      health = await json(await fetch(`${base}/api/healthz`));
    }
    expect(launcher.exitCode).toBeNull();

    // The generated password is kept in the data folder, and the old default no longer works.
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      DATABASE_PASSWORD?: string;
    };
    expect(secrets.DATABASE_PASSWORD).toMatch(/^[\w-]{32}$/);
    const database = (password: string) =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${runFile.children.postgres!.port}/postgres`;
    const select = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        return (await client.query<{ one: number }>('select 1 as one')).rows;
      } finally {
        await client.end().catch(() => {});
      }
    };
    await expect(select(database('postgres'))).rejects.toMatchObject({ code: '28P01' });
    expect(await select(database(secrets.DATABASE_PASSWORD!))).toEqual([{ one: 1 }]);
  }, 90_000);

  it('stops cleanly on SIGTERM with no process left behind', async () => {
    const pids = Object.values(runFile.children)
      .map((c) => c.pid)
      .filter((p): p is number => typeof p === 'number');
    expect(pids.length).toBeGreaterThanOrEqual(6);
    launcher.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    for (const pid of pids) {
      expect(() => process.kill(pid, 0), `process ${pid} is still alive`).toThrow();
    }
    expect(output).toContain('Mnemo stopped.');
  }, 60_000);
});
