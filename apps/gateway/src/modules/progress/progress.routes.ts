import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@mnemo/service-kit';
import type { ProgressEvent } from '@mnemo/contracts/progress';
import type { ProgressRelay } from './progress.service';

const HEARTBEAT_MS = 15_000;
/** A browser that never closes its stream is cut off eventually; processing takes minutes, not hours. */
const MAX_STREAM_MS = 60 * 60 * 1000;

/**
 * GET /api/ai/progress/:sourceId as Server-Sent Events: a `connected` event, then the latest known
 * state (for a client that connects late), then every live event. The stream stays open after a
 * terminal step because the spec's client closes it itself 2 s later; closing it from here would
 * make EventSource reconnect.
 */
export async function progressRoutes(app: FastifyInstance, { relay }: { relay: ProgressRelay }) {
  // Open streams are ended on shutdown, or closing the server would wait for browsers to leave.
  const open = new Set<{ end: () => void }>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.get(
    '/api/ai/progress/:sourceId',
    { schema: { params: z.object({ sourceId: z.uuid() }) } },
    async (request, reply) => {
      const { sourceId } = request.params as { sourceId: string };
      if (request.identity.kind !== 'user' && request.identity.kind !== 'anonymous') {
        throw new AppError('UNAUTHENTICATED', 'Sign in or continue as a guest to follow processing');
      }
      // Another caller's source looks exactly like one that does not exist.
      if (!(await relay.mayWatch(sourceId, request.identity))) throw new AppError('NOT_FOUND', 'Source not found');

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });

      let lastTimestamp = '';
      const send = (event: ProgressEvent) => {
        if (event.timestamp < lastTimestamp) return; // the latest state may race a live event
        lastTimestamp = event.timestamp;
        // Unnamed events (PROGRESS_SSE_EVENT is 'message'): the spec's client uses EventSource.onmessage.
        res.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      // Subscribe before reading the latest state, so no event falls between the two.
      const buffered: ProgressEvent[] = [];
      let ready = false;
      const unsubscribe = await relay.subscribe(sourceId, (event) => (ready ? send(event) : buffered.push(event)));

      const latest = await relay.latest(sourceId);
      send({
        sourceId,
        step: 'connected',
        message: 'Connected to progress updates',
        progress: latest?.progress ?? 0,
        details: null,
        timestamp: new Date(Math.min(Date.now(), latest ? Date.parse(latest.timestamp) : Date.now())).toISOString(),
      });
      if (latest) send(latest);
      ready = true;
      for (const e of buffered.sort((a, b) => a.timestamp.localeCompare(b.timestamp))) send(e);

      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const cutoff = setTimeout(() => res.end(), MAX_STREAM_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        clearTimeout(cutoff);
        void unsubscribe();
      };
      open.add(res);
      // A hijacked reply skips onSend, so the stream reports itself to the SSE gauge.
      if (app.hasDecorator('trackSse')) app.trackSse('/api/ai/progress/:sourceId', res);
      res.on('close', () => {
        open.delete(res);
        cleanup();
      });
    },
  );
}
