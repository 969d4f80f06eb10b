import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The machinery the fake OpenAI and Anthropic servers share: recording requests, a queue of
 * scripted answers, pauses inside a stream, and knowing when the client went away. Each fake adds
 * only its provider's wire format on top.
 */

// Request bodies are whatever the SDK under test sent; tests assert on their fields directly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type JsonBody = Record<string, any>;

export type RecordedRequest = {
  method: string;
  /** The path with its query, e.g. "/v1/chat/completions". */
  path: string;
  headers: IncomingHttpHeaders;
  body: JsonBody;
  /**
   * Settles when the fake finished its answer ('completed') or the client closed the connection
   * first ('aborted'), so a test can prove that a cancelled stream also ended the HTTP request.
   */
  outcome: Promise<'completed' | 'aborted'>;
};

/** Holds a streamed answer after some deltas until the test releases it (or the client leaves). */
export type StreamGate = {
  /** Resolves once the fake has sent the deltas before the pause and is waiting. */
  reached: Promise<void>;
  release: () => void;
};

export function createGate(): StreamGate & { arrive: () => void; released: Promise<void> } {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => (arrive = r));
  const released = new Promise<void>((r) => (release = r));
  return { reached, released, arrive, release };
}

/** One exchange as the provider-specific handler sees it. */
export type Exchange = {
  request: RecordedRequest;
  res: ServerResponse;
  /** Resolves when the client closed the connection before the answer ended. */
  gone: Promise<void>;
  isGone: () => boolean;
  json: (status: number, body: unknown, headers?: Record<string, string>) => void;
  /** Starts an event stream; `send` writes one SSE message, `end` finishes the response. */
  startSse: (headers?: Record<string, string>) => {
    send: (data: string, event?: string) => void;
    end: () => void;
  };
  /** Waits at a gate; false when the client left meanwhile. */
  pause: (gate: ReturnType<typeof createGate>) => Promise<boolean>;
};

async function readJson(req: IncomingMessage): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as JsonBody) : { value: parsed };
  } catch {
    return { unparsed: raw };
  }
}

export async function startLlmFake<Reply>(options: {
  /** Handles one request; `reply` is the next scripted answer or the fallback's. */
  handle: (exchange: Exchange, reply: Reply | undefined) => Promise<void>;
  fallback?: (request: RecordedRequest) => Reply | undefined;
}) {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback = options.fallback;
  const open = new Set<ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      let settle!: (o: 'completed' | 'aborted') => void;
      const outcome = new Promise<'completed' | 'aborted'>((r) => (settle = r));
      let goneNow = false;
      let markGone!: () => void;
      const gone = new Promise<void>((r) => (markGone = r));
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!res.writableFinished) {
          goneNow = true;
          markGone();
          settle('aborted');
        } else settle('completed');
      });

      const body = await readJson(req);
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        outcome,
      };
      requests.push(request);
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const reply = queue.length > 0 ? queue.shift() : fallback?.(request);

      const exchange: Exchange = {
        request,
        res,
        gone,
        isGone: () => goneNow,
        json: (status, payload, headers = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(payload));
        },
        startSse: (headers = {}) => {
          res.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache',
            connection: 'keep-alive',
            ...headers,
          });
          res.flushHeaders();
          return {
            send: (data, event) => {
              if (goneNow) return;
              res.write(`${event ? `event: ${event}\n` : ''}data: ${data}\n\n`);
            },
            end: () => {
              if (!goneNow) res.end();
            },
          };
        },
        pause: async (gate) => {
          gate.arrive();
          await Promise.race([gate.released, gone]);
          return !goneNow;
        },
      };
      await options.handle(exchange, reply);
    })().catch((error: unknown) => {
      // A bug in the fake must fail the test loudly, not hang it.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake server error: ${String(error)}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies: Reply[]) => {
      queue.push(...replies);
    },
    /** Answers requests for which nothing is queued (undefined: the fake's own default). */
    setFallback: (f: ((request: RecordedRequest) => Reply | undefined) | undefined) => {
      fallback = f;
    },
    pending: () => queue.length,
    /** Resolves once `count` requests have arrived (so a test can abort one that is in flight). */
    received: (count = requests.length + 1) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    /** Forgets scripted answers, recorded requests and the fallback, for a fresh test. */
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = options.fallback;
    },
    close: async () => {
      // Held streams and hanging requests would keep close() waiting forever.
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Rough token counts for usage fields: about four characters per token. */
export const roughTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** Deterministic unit vectors for a text, so two calls with the same text agree. */
export function fakeVector(text: string, dimensions: number): number[] {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  const v: number[] = [];
  for (let i = 0; i < dimensions; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ i;
    v.push(((h >>> 0) / 0xffffffff) * 2 - 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
