import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * A password in front of the embedded Postgres. PGlite accepts any user and password (it is one
 * in-process session), so anyone who could reach the port would have the database. The server
 * (embedded-server.ts) does the start-up and MD5 password exchange of the Postgres protocol here
 * (protocol 3.0, "Start-up" and "AuthenticationMD5Password"; node-postgres and psql both speak it),
 * and only then hands the client's start-up message to PGlite, which answers it as before.
 *
 * Written by hand: no npm package serves the server side of Postgres authentication in front of
 * another server, and the exchange is three messages. MD5 rather than SCRAM because the server only
 * ever listens on this machine's addresses: what matters is that the password is required, and
 * MD5 with a fresh salt does not send it in clear.
 */

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** Start-up messages are small; anything larger is not a Postgres client. */
const MAX_STARTUP_BYTES = 10_000;

const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

/** The password message a client sends for `user` with `password`, given the salt. */
export const md5Answer = (user: string, password: string, salt: Buffer) =>
  `md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}`;

export function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    ...[`SFATAL`, `VFATAL`, `C${code}`, `M${message}`].map((f) => Buffer.from(`${f}\0`)),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

function startupParams(body: Buffer): Map<string, string> {
  const parts = body.subarray(8).toString('utf8').split('\0');
  const params = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params.set(parts[i]!, parts[i + 1]!);
  return params;
}

/** Reads whole messages from a socket: untyped ones (start-up) or typed ones (a byte, then length). */
function messageReader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let wanted: { typed: boolean; resolve: (m: Buffer) => void; reject: (e: Error) => void } | null = null;
  const pump = () => {
    if (!wanted) return;
    const offset = wanted.typed ? 1 : 0;
    if (buffered.length < offset + 4) return;
    const length = buffered.readInt32BE(offset);
    if (length < 4 || length > MAX_STARTUP_BYTES) {
      wanted.reject(new Error('not a Postgres client'));
      return;
    }
    if (buffered.length < offset + length) return;
    const message = buffered.subarray(0, offset + length);
    buffered = buffered.subarray(offset + length);
    const { resolve } = wanted;
    wanted = null;
    resolve(message);
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    pump();
  };
  const onEnd = () => wanted?.reject(new Error('closed'));
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('error', onEnd);
  return {
    next: (typed: boolean) =>
      new Promise<Buffer>((resolve, reject) => {
        wanted = { typed, resolve, reject };
        pump();
      }),
    /** Stops reading and hands back what arrived past the last message. */
    release() {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      socket.pause();
      return buffered;
    },
  };
}

/**
 * The start-up of a client: refuses TLS and GSS (a local socket), drops cancel requests (PGlite has
 * no running query to cancel), asks for and checks the password when there is one. Resolves with the
 * client's start-up message and what arrived after it, or null when the client was sent away.
 */
export async function admitClient(client: Socket, password: string | undefined): Promise<{ startup: Buffer; rest: Buffer } | null> {
  const reader = messageReader(client);
  let startup = await reader.next(false);
  // No TLS or GSS on a local socket: say so, and the client goes on without it.
  while ([SSL_REQUEST, GSS_REQUEST].includes(startup.readInt32BE(4))) {
    client.write('N');
    startup = await reader.next(false);
  }
  const code = startup.readInt32BE(4);
  if (code === CANCEL_REQUEST) {
    reader.release();
    client.end();
    return null;
  }
  if (code !== PROTOCOL_3) {
    reader.release();
    client.end(errorResponse('08P01', 'unsupported frontend protocol'));
    return null;
  }
  if (password !== undefined) {
    const user = startupParams(startup).get('user') ?? '';
    const salt = randomBytes(4);
    const ask = Buffer.alloc(13);
    ask.write('R', 0);
    ask.writeInt32BE(12, 1);
    ask.writeInt32BE(5, 5);
    salt.copy(ask, 9);
    client.write(ask);
    const answer = await reader.next(true);
    const given = answer.subarray(5, answer.length - 1);
    const expected = Buffer.from(md5Answer(user, password, salt));
    if (answer[0] !== 0x70 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reader.release();
      client.end(errorResponse('28P01', `password authentication failed for user "${user}"`));
      return null;
    }
  }
  return { startup, rest: reader.release() };
}
