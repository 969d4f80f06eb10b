/**
 * The reference for bench/serving.ts, one process per role as Mnemo runs them:
 *   upstream <port>            a trivial HTTP service answering a small JSON body;
 *   proxy <port> <upstream>    a bare Fastify proxy (@fastify/reply-from, the gateway's own proxy
 *                              library with the gateway's undici settings) forwarding every path.
 * Both print "ready" when they listen.
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';
import replyFrom from '@fastify/reply-from';

const [role, portArg, upstream] = process.argv.slice(2);
const port = Number(portArg);

if (role === 'upstream') {
  const body = JSON.stringify({ googleClientId: null });
  createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body)).listen(
    port,
    '127.0.0.1',
    () => console.log('ready'),
  );
} else if (role === 'proxy') {
  const app = Fastify({ logger: false });
  await app.register(replyFrom, {
    base: upstream,
    undici: { connections: 128, pipelining: 1, headersTimeout: 120_000, bodyTimeout: 0 },
  });
  app.all('/*', (request, reply) => reply.from(request.url.replace(/^\/api/, '')));
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
} else {
  throw new Error(`unknown role ${role}`);
}
