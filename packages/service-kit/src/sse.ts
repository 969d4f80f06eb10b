import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@mnemo/contracts/identity';

/** One Server-Sent Event: an `event:` line when it is named, then its data line. */
export const sseFrame = (data: string, event?: string) =>
  event === undefined ? `data: ${data}\n\n` : `event: ${event}\ndata: ${data}\n\n`;

/** A comment line: keeps proxies and load balancers from closing a quiet stream. */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n';

export type EventStream = {
  /** Writes one event; nothing once the connection is gone. */
  send(data: string, event?: string): void;
  /**
   * From now on a keep-alive comment every `heartbeatMs`, and the stream ended after `maxMs` (a
   * browser that never closes it is cut off eventually). Both stop when the connection closes.
   */
  keepAlive(options: { heartbeatMs: number; maxMs?: number }): void;
  end(): void;
};

/**
 * Takes the reply over from Fastify and answers 200 as an event stream (the gateway's progress
 * relay, the chat's tutor stream). Call it only once nothing can fail as JSON any more: after it,
 * errors are events. Hijacked replies skip Fastify's onSend hooks, so the request id is set here.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx ingress) must pass each event on at once.
    'x-accel-buffering': 'no',
    [REQUEST_ID_HEADER]: request.id,
  });
  const write = (text: string) => {
    if (!res.destroyed) res.write(text);
  };
  return {
    send: (data, event) => write(sseFrame(data, event)),
    keepAlive({ heartbeatMs, maxMs }) {
      if (res.destroyed || res.writableEnded) return;
      const heartbeat = setInterval(() => write(SSE_KEEP_ALIVE), heartbeatMs);
      const cutoff = maxMs === undefined ? undefined : setTimeout(() => res.end(), maxMs);
      res.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(cutoff);
      });
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
