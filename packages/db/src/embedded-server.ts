import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { admitClient, errorResponse } from './embedded-auth';

/**
 * The Postgres wire protocol in front of one PGlite: every connection is multiplexed onto PGlite's
 * single session. Once a connection's message has run, only that connection is served until its
 * batch is over (a Sync or a simple Query, after which the backend is ready for another query) and
 * no transaction is open: an extended-protocol query's unnamed statement and portal belong to the
 * session, so another connection's Parse between A's Parse and A's Bind would give A B's rows
 * (electric-sql/pglite#1046, which lost curriculum units' questions, issue 23; the rule of the
 * former embedded-queue.ts). A connection that leaves mid-batch has its batch ended (Sync) and its
 * transaction rolled back.
 *
 * Written here rather than used from @electric-sql/pglite-socket because serving Mnemo's services
 * at speed needs three things it does not do (bench/README.md, "Serving", measured):
 * - the messages of one read go to PGlite in one call and its answer is written once: node-postgres
 *   sends Parse, Bind, Describe, Execute and Sync together, pglite-socket made five calls and five
 *   socket writes of them;
 * - plans are kept: the planner was ~90% of PGlite's time on the deck list. An unnamed statement
 *   (what node-postgres sends for every parameterised query) whose text was seen before is bound to
 *   a named statement prepared once for the whole session (`statementCache`), so Postgres plans it
 *   as it would a prepared statement (custom plans at first, then a generic one when as cheap);
 * - a client's own named statements get a per-connection name, so two connections preparing the same
 *   name no longer collide in the shared session; they are deallocated when the connection closes.
 * The password check in front stays embedded-auth.ts's.
 */

export type PgliteServerOptions = {
  db: PGlite;
  host: string;
  port: number;
  /** Without one, any user and password are accepted (a test's server). */
  password?: string;
  maxConnections: number;
  /** Distinct statement texts kept prepared at once (least recently used are deallocated). */
  statementCache?: number;
};

export type PgliteServer = { server: Server; port: number; close: () => Promise<void> };

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const CLOSE = 0x43; // 'C'
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PARSE_COMPLETE = Buffer.from([0x31, 0, 0, 0, 4]);
/** Jobs run under one hold of PGlite's lock (see drain). */
const BATCH = 8;
/** Statement names are identifiers: at most NAMEDATALEN - 1 = 63 bytes. */
const MAX_NAME_BYTES = 63;

/** A run of messages handed to PGlite in one call, after an answer made here (ParseComplete). */
type Segment = {
  answerFirst: Buffer | null;
  messages: Buffer[];
  cachedParse: string | null;
  discard: boolean;
};
/** A connection's messages of one read, or the server's own work for it (start-up, clean-up). */
type Job =
  | { conn: Connection; messages: Buffer[] }
  | { conn: Connection; run: () => Promise<Buffer | null> };

type Connection = {
  id: number;
  socket: Socket;
  open: boolean;
  buffered: Buffer;
  /** The statement a Bind of "" means: a cached statement's name, or "" (PGlite's own unnamed one). */
  unnamed: string;
  /** True after a Sync (or a simple query), when no extended-protocol error is pending. */
  atSync: boolean;
  /** This connection's named statements: the client's name → the session's name. */
  named: Map<string, string>;
};

const cstring = (buf: Buffer, at: number): [string, number] => {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
};
const message = (type: number, body: Buffer) => {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const z = (s: string) => Buffer.from(`${s}\0`, 'utf8');

/** Starts the server on host:port (0: any free port). */
export async function startPgliteServer({
  db,
  host,
  port,
  password,
  maxConnections,
  statementCache = 200,
}: PgliteServerOptions): Promise<PgliteServer> {
  const connections = new Set<Connection>();
  let nextId = 1;
  let nextStatement = 1;
  /** Statement text (with its parameter types) → the session's statement name; Map order is recency. */
  const cache = new Map<string, string>();
  const cacheKeyOf = new Map<string, string>();

  // --- scheduling: one job at a time; while a batch or transaction is open, only its connection's ---
  const queue: Job[] = [];
  let running = false;
  /** The connection whose batch or transaction is open: only its jobs run until it ends. */
  let owner: Connection | null = null;

  let stopping = false;
  function schedule(job: Job) {
    // Once closing, nothing new reaches PGlite, which is closed next.
    if (stopping) return;
    queue.push(job);
    void drain();
  }
  async function drain() {
    if (running) return;
    running = true;
    try {
      while (queue.length > 0 && !stopping) {
        // Jobs run in batches under one hold of PGlite's query lock, with one sync of its file
        // system per batch: taking the lock and syncing for every job cost ~25 µs a job beside the
        // ~10 µs of a small query's own call (issue 25, bench/README.md). A batch is bounded so
        // others waiting on PGlite (the launcher's start-up ANALYZE) get their turn, and so that
        // answers, written once the batch's sync is done, are not held back for long.
        const answers = await db.runExclusive(runBatch);
        // Only once the batch's changes have reached the data folder does any answer go out.
        if (answers.length > 0) await db.syncToFs();
        for (const [conn, answer] of answers)
          if (conn.open && conn.socket.writable) conn.socket.write(answer);
        if (answers.length === 0 && !hasRunnable()) break;
      }
    } finally {
      running = false;
    }
  }
  const hasRunnable = () => queue.length > 0 && (owner === null || queue.some((j) => j.conn === owner));
  // Async, so that a message refused while rewriting (a name too long) rejects like a failed call.
  const runJob = async (job: Job) => ('run' in job ? job.run() : execute(job.conn, rewrite(job.conn, job.messages)));
  /** Up to BATCH runnable jobs, in order; their answers, to write after the batch. */
  async function runBatch(): Promise<Array<[Connection, Buffer]>> {
    const answers: Array<[Connection, Buffer]> = [];
    for (let n = 0; n < BATCH && queue.length > 0 && !stopping; n++) {
      const i = owner === null ? 0 : queue.findIndex((j) => j.conn === owner);
      // The open batch's connection has nothing queued: the others wait for it.
      if (i === -1) break;
      const job = queue.splice(i, 1)[0]!;
      owner = job.conn;
      const answer = await runJob(job).catch(() => {
        // PGlite itself failed: this connection's state is unknown, so it ends (and its close
        // cleans up the batch it leaves open).
        job.conn.socket.destroy();
        return null;
      });
      // Start-up and clean-up jobs end where the backend is ready; a connection's messages, at a
      // Sync or a simple Query.
      if (('run' in job || job.conn.atSync) && !db.isInTransaction()) owner = null;
      if (answer && answer.length > 0) answers.push([job.conn, answer]);
    }
    return answers;
  }

  /** A simple query run for the server's own sake (inside runExclusive: db.exec would wait for itself). */
  const discarded = (m: Buffer): Segment => ({
    answerFirst: null,
    messages: [m],
    cachedParse: null,
    discard: true,
  });
  const ownQuery = (sql: string): Segment => ({
    answerFirst: null,
    messages: [message(QUERY, z(sql))],
    cachedParse: null,
    discard: true,
  });

  async function execute(conn: Connection, segments: Segment[]): Promise<Buffer> {
    const out: Buffer[] = [];
    for (const segment of segments) {
      if (segment.answerFirst) out.push(segment.answerFirst);
      if (segment.messages.length === 0) continue;
      const start = out.length;
      await db.execProtocolRawStream(segment.messages.length === 1 ? segment.messages[0]! : Buffer.concat(segment.messages), {
        // The batch syncs once, before its answers are written (drain).
        syncToFs: false,
        onRawData: (data) => {
          if (!segment.discard) out.push(Buffer.from(data));
        },
      });
      if (segment.cachedParse !== null) {
        // The statement is prepared only if its Parse was answered with ParseComplete (not, say,
        // refused inside a failed transaction).
        if (out[start]?.[0] !== PARSE_COMPLETE[0]) forget(segment.cachedParse, conn);
      }
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  function forget(name: string, conn: Connection) {
    const key = cacheKeyOf.get(name);
    if (key !== undefined) cache.delete(key);
    cacheKeyOf.delete(name);
    if (conn.unnamed === name) conn.unnamed = '';
  }

  /** Least recently used statements past the limit, none that a connection's "" still stands for. */
  function evicted(): string[] {
    if (cache.size <= statementCache) return [];
    const bound = new Set([...connections].map((c) => c.unnamed));
    const names: string[] = [];
    for (const [key, name] of cache) {
      if (cache.size <= statementCache) break;
      if (bound.has(name)) continue;
      names.push(name);
      cache.delete(key);
      cacheKeyOf.delete(name);
    }
    return names;
  }
  // DEALLOCATE is not transactional; in a failed transaction block it is refused and the statement
  // just stays prepared (harmless: it is no longer in the cache).
  const deallocate = (names: string[]) => names.map((n) => `DEALLOCATE "${n}";`).join('');

  // --- rewriting a connection's messages ---
  function sessionName(conn: Connection, name: string): string {
    let mapped = conn.named.get(name);
    if (!mapped) {
      mapped = `c${conn.id}_${conn.named.size}`;
      conn.named.set(name, mapped);
    }
    return mapped;
  }
  function statementOf(conn: Connection, name: string): string {
    return name === '' ? conn.unnamed : (conn.named.get(name) ?? sessionName(conn, name));
  }

  function rewrite(conn: Connection, messages: Buffer[]): Segment[] {
    const segments: Segment[] = [
      { answerFirst: null, messages: [], cachedParse: null, discard: false },
    ];
    const current = () => segments[segments.length - 1]!;
    for (const m of messages) {
      const type = m[0];
      if (type === PARSE) {
        const [name, after] = cstring(m, 5);
        const rest = m.subarray(after);
        if (name === '' && conn.atSync && statementCache > 0) {
          const key = rest.toString('latin1');
          const cached = cache.get(key);
          if (cached) {
            cache.delete(key);
            cache.set(key, cached);
            conn.unnamed = cached;
            segments.push({
              answerFirst: PARSE_COMPLETE,
              messages: [],
              cachedParse: null,
              discard: false,
            });
          } else {
            const fresh = `mnemo_s${nextStatement++}`;
            cache.set(key, fresh);
            cacheKeyOf.set(fresh, key);
            conn.unnamed = fresh;
            const old = evicted();
            // At a Sync, so a simple query here cannot disturb the client's extended-protocol state.
            if (old.length > 0) segments.push(ownQuery(deallocate(old)));
            segments.push({
              answerFirst: null,
              messages: [message(PARSE, Buffer.concat([z(fresh), rest]))],
              cachedParse: fresh,
              discard: false,
            });
          }
        } else if (name === '') {
          conn.unnamed = '';
          current().messages.push(m);
        } else {
          const mapped = sessionName(conn, name);
          if (Buffer.byteLength(mapped) > MAX_NAME_BYTES)
            throw new Error('statement name too long');
          current().messages.push(message(PARSE, Buffer.concat([z(mapped), rest])));
        }
        conn.atSync = false;
      } else if (type === BIND) {
        const [portal, afterPortal] = cstring(m, 5);
        const [statement, after] = cstring(m, afterPortal);
        const mapped = statementOf(conn, statement);
        current().messages.push(
          mapped === statement
            ? m
            : message(BIND, Buffer.concat([z(portal), z(mapped), m.subarray(after)])),
        );
        conn.atSync = false;
      } else if ((type === DESCRIBE || type === CLOSE) && m[5] === 0x53 /* 'S' */) {
        const [statement] = cstring(m, 6);
        const mapped = statementOf(conn, statement);
        if (type === CLOSE && statement === '' && mapped !== '') {
          // Closing the unnamed statement must not close the shared cached one it stands for.
          conn.unnamed = '';
          current().messages.push(m);
        } else {
          if (type === CLOSE && statement !== '') conn.named.delete(statement);
          current().messages.push(
            mapped === statement
              ? m
              : message(type, Buffer.concat([Buffer.from([0x53]), z(mapped)])),
          );
        }
        conn.atSync = false;
      } else {
        current().messages.push(m);
        conn.atSync = type === SYNC || type === QUERY;
      }
    }
    return segments.filter((s) => s.answerFirst || s.messages.length > 0);
  }

  // --- connections ---
  function onData(conn: Connection, chunk: Buffer) {
    conn.buffered = conn.buffered.length ? Buffer.concat([conn.buffered, chunk]) : chunk;
    const messages: Buffer[] = [];
    let at = 0;
    let terminate = false;
    while (conn.buffered.length - at >= 5) {
      const length = 1 + conn.buffered.readInt32BE(at + 1);
      if (conn.buffered.length - at < length) break;
      const m = conn.buffered.subarray(at, at + length);
      at += length;
      if (m[0] === TERMINATE) {
        terminate = true;
        break;
      }
      messages.push(m);
    }
    conn.buffered = conn.buffered.subarray(at);
    if (messages.length > 0) schedule({ conn, messages });
    if (terminate) conn.socket.end();
  }

  function onClose(conn: Connection) {
    if (!conn.open) return;
    conn.open = false;
    connections.delete(conn);
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.conn === conn) queue.splice(i, 1);
    schedule({
      conn,
      run: async () => {
        // A batch or transaction the connection left open must not hold everyone else back. (A
        // transaction open now is this connection's: while one is open, only its jobs run.)
        if (!conn.atSync) await execute(conn, [discarded(message(SYNC, Buffer.alloc(0)))]);
        if (db.isInTransaction()) await execute(conn, [ownQuery('ROLLBACK')]);
        if (conn.named.size > 0)
          await execute(conn, [ownQuery(deallocate([...conn.named.values()]))]);
        return null;
      },
    });
  }

  async function accept(socket: Socket) {
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    const admitted = await admitClient(socket, password);
    if (!admitted) return;
    if (connections.size >= maxConnections) {
      socket.end(errorResponse('53300', 'sorry, too many clients already'));
      return;
    }
    const conn: Connection = {
      id: nextId++,
      socket,
      open: true,
      buffered: Buffer.alloc(0),
      unnamed: '',
      atSync: true,
      named: new Map(),
    };
    connections.add(conn);
    socket.on('close', () => onClose(conn));
    // PGlite answers the start-up message itself (authentication ok, parameters, ready).
    schedule({
      conn,
      run: async () => {
        const out: Buffer[] = [];
        await db.execProtocolRawStream(new Uint8Array(admitted.startup), {
          onRawData: (d) => out.push(Buffer.from(d)),
        });
        return Buffer.concat(out);
      },
    });
    socket.on('data', (chunk: Buffer) => onData(conn, chunk));
    if (admitted.rest.length > 0) onData(conn, admitted.rest);
    socket.resume();
  }

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    accept(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        queue.length = 0;
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }).then(async () => {
        // The job PGlite is running finishes before PGlite is closed.
        while (running) await new Promise((r) => setTimeout(r, 5));
      }),
  };
}
