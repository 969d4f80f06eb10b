import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

/**
 * The embedded server's connections against one PGlite session (embedded-server.ts): a query sent
 * as an extended-protocol batch runs whole, whatever another connection sends meanwhile. The
 * clients here write the protocol by hand so a batch can be cut where node-postgres' writes may be
 * cut under load, which makes the interleaving deterministic.
 */

let server: EmbeddedPostgres;
beforeAll(async () => {
  server = await startEmbeddedPostgres({ maxConnections: 10 });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
/** Parse of the unnamed statement, without parameters. */
const parse = (sql: string) => message('P', Buffer.concat([cstr(''), cstr(sql), int16(0)]));
/** Bind of the unnamed portal to the unnamed statement, Execute it, Sync. */
const bindExecuteSync = () =>
  Buffer.concat([
    message('B', Buffer.concat([cstr(''), cstr(''), int16(0), int16(0), int16(0)])),
    message('E', Buffer.concat([cstr(''), Buffer.alloc(4)])),
    message('S', Buffer.alloc(0)),
  ]);

/** A raw connection: the start-up, then every backend message as it comes. */
async function rawClient() {
  const socket: Socket = connect(server.port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = Buffer.alloc(0);
  const received: Array<{ type: string; body: Buffer }> = [];
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 5 && buffer.length >= 1 + buffer.readInt32BE(1)) {
      const length = buffer.readInt32BE(1);
      received.push({ type: String.fromCharCode(buffer[0]!), body: buffer.subarray(5, 1 + length) });
      buffer = buffer.subarray(1 + length);
    }
    for (const w of waiters.splice(0)) w();
  });
  /** Resolves with the messages up to the next ReadyForQuery, and removes them. */
  const untilReady = async () => {
    for (;;) {
      const at = received.findIndex((m) => m.type === 'Z');
      if (at >= 0) return received.splice(0, at + 1);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const startup = Buffer.concat([Buffer.alloc(8), cstr('user'), cstr('postgres'), cstr('database'), cstr('postgres'), cstr('')]);
  startup.writeInt32BE(startup.length, 0);
  startup.writeInt32BE(196608, 4);
  socket.write(startup);
  await untilReady();
  return { socket, untilReady };
}

/** The text of the first column of each DataRow, and any error's message. */
const answer = (messages: Array<{ type: string; body: Buffer }>) => ({
  rows: messages
    .filter((m) => m.type === 'D')
    .map((m) => m.body.subarray(6, 6 + m.body.readInt32BE(2)).toString('utf8')),
  errors: messages.filter((m) => m.type === 'E').length,
});

describe('the embedded server with several connections', () => {
  it("runs a connection's extended-protocol query whole while another connection sends one", async () => {
    const a = await rawClient();
    const b = await rawClient();
    try {
      // A's Parse arrives alone (a write cut in two); B's whole query arrives before A's Bind.
      a.socket.write(parse("select 'from A' as who"));
      await sleep(100);
      b.socket.write(Buffer.concat([parse("select 'from B' as who"), bindExecuteSync()]));
      await sleep(100);
      a.socket.write(bindExecuteSync());
      const [fromA, fromB] = await Promise.all([a.untilReady(), b.untilReady()]);
      expect(answer(fromA)).toEqual({ rows: ['from A'], errors: 0 });
      expect(answer(fromB)).toEqual({ rows: ['from B'], errors: 0 });
    } finally {
      a.socket.destroy();
      b.socket.destroy();
    }
  });

  it('lets the others go on when a connection leaves in the middle of its query', async () => {
    const a = await rawClient();
    a.socket.write(parse('select 1'));
    await sleep(100);
    a.socket.destroy();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const r = await client.query<{ n: number }>('select $1::int as n', [7]);
      expect(r.rows).toEqual([{ n: 7 }]);
    } finally {
      await client.end();
    }
  });

  it('keeps the answers of many concurrent parametrised queries apart', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 4 });
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          pool
            .query<{ n: number; tag: string }>(i % 2 ? 'select $1::int as n, $2::text as tag' : 'select $2::text as tag, $1::int as n', [i, `q${i}`])
            .then((r) => r.rows[0]),
        ),
      );
      expect(results).toEqual(Array.from({ length: 200 }, (_, i) => ({ n: i, tag: `q${i}` })));
    } finally {
      await pool.end();
    }
  });
});
