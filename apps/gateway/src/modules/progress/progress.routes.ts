import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, spanTraceCarrier } from '@mnemo/service-kit';
import { openEventStream } from '@mnemo/service-kit/sse';
import type { ProgressEvent } from '@mnemo/contracts/progress';
import type { Identity } from '@mnemo/contracts/identity';
import { progressParamsSchema, progressStreamQuerySchema, type ProgressTicketResponse } from '@mnemo/contracts/api/ai';
import type { ProgressRelay } from './progress.service';
import { PROGRESS_TICKET_TTL_SECONDS, type ProgressTickets } from './progress-tickets';

const HEARTBEAT_MS = 15_000;
/** A browser that never closes its stream is cut off eventually; processing takes minutes, not hours. */
const MAX_STREAM_MS = 60 * 60 * 1000;
/**
 * Streams one caller may hold open at once on one gateway: a learner follows a handful of sources
 * in a few tabs; 20 leaves room for that and for reconnections whose old socket is not closed yet.
 */
export const MAX_STREAMS_PER_CALLER = 20;

type Watcher = Extract<Identity, { kind: 'user' | 'anonymous' }>;

/** The caller from their headers: only someone who owns things can watch them. */
function watcherOf(request: FastifyRequest): Watcher {
  const identity = request.identity;
  if (identity.kind !== 'user' && identity.kind !== 'anonymous') {
    throw new AppError('UNAUTHENTICATED', 'Sign in or continue as a guest to follow processing');
  }
  return identity;
}

/**
 * POST /api/ai/progress/:sourceId/ticket, then GET /api/ai/progress/:sourceId?ticket= as
 * Server-Sent Events: a `connected` event, then the latest known state (for a client that connects
 * late), then every live event. The stream stays open after a terminal step because the spec's
 * client closes it itself 2 s later; closing it from here would make EventSource reconnect.
 * Callers that can send headers (not EventSource) may open the stream with them instead of a ticket.
 */
export async function progressRoutes(
  app: FastifyInstance,
  {
    relay,
    tickets,
    maxStreamsPerCaller = MAX_STREAMS_PER_CALLER,
  }: { relay: ProgressRelay; tickets: ProgressTickets; maxStreamsPerCaller?: number },
) {
  // Open streams are ended on shutdown, or closing the server would wait for browsers to leave.
  const open = new Set<{ end: () => void }>();
  // Open streams per caller (user or guest), in this gateway process: each holds a socket and a
  // subscription for up to an hour, so one caller may not hold hundreds.
  const perCaller = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.post(
    '/api/ai/progress/:sourceId/ticket',
    { schema: { params: progressParamsSchema } },
    async (request): Promise<ProgressTicketResponse> => {
      const { sourceId } = request.params as { sourceId: string };
      const watcher = watcherOf(request);
      // Another caller's source looks exactly like one that does not exist.
      if (!(await relay.mayWatch(sourceId, watcher, spanTraceCarrier(request.span)))) throw new AppError('NOT_FOUND', 'Source not found');
      return { success: true, ticket: await tickets.issue(sourceId, watcher), expiresInSeconds: PROGRESS_TICKET_TTL_SECONDS };
    },
  );

  app.get(
    '/api/ai/progress/:sourceId',
    { schema: { params: progressParamsSchema, querystring: progressStreamQuerySchema } },
    async (request, reply) => {
      const { sourceId } = request.params as { sourceId: string };
      const { ticket } = request.query as { ticket?: string };
      let watcher: Identity;
      if (ticket !== undefined) {
        const holder = await tickets.redeem(ticket, sourceId);
        if (!holder) throw new AppError('TICKET_INVALID', 'This progress link has expired: reopen the page to follow processing');
        watcher = holder;
      } else {
        watcher = watcherOf(request);
      }
      // Checked again with a ticket too: the source may have changed hands within the minute.
      if (!(await relay.mayWatch(sourceId, watcher, spanTraceCarrier(request.span)))) throw new AppError('NOT_FOUND', 'Source not found');
      const caller =
        watcher.kind === 'user' ? `user:${watcher.userId}` : watcher.kind === 'anonymous' ? `anon:${watcher.anonId}` : 'none';
      const held = perCaller.get(caller) ?? 0;
      if (held >= maxStreamsPerCaller) {
        throw new AppError(
          'TOO_MANY_STREAMS',
          `You already follow ${held} sources at once. Close another tab or wait for one to finish.`,
        );
      }
      // Counted with no await between check and count, so concurrent openings cannot all pass.
      perCaller.set(caller, held + 1);
      let counted = true;
      const releaseOnce = () => {
        if (!counted) return;
        counted = false;
        const left = (perCaller.get(caller) ?? 1) - 1;
        if (left > 0) perCaller.set(caller, left);
        else perCaller.delete(caller);
      };
      try {
        const stream = openEventStream(request, reply);
        const res = reply.raw;

        let lastTimestamp = '';
        const send = (event: ProgressEvent) => {
          if (event.timestamp < lastTimestamp) return; // the latest state may race a live event
          lastTimestamp = event.timestamp;
          // Unnamed events (PROGRESS_SSE_EVENT is 'message'): the spec's client uses EventSource.onmessage.
          stream.send(JSON.stringify(event));
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

        stream.keepAlive({ heartbeatMs: HEARTBEAT_MS, maxMs: MAX_STREAM_MS });
        open.add(res);
        // A hijacked reply skips onSend, so the stream reports itself to the SSE gauge.
        if (app.hasDecorator('trackSse')) app.trackSse('/api/ai/progress/:sourceId', res);
        res.on('close', () => {
          open.delete(res);
          releaseOnce();
          void unsubscribe();
        });
      } catch (err) {
        releaseOnce();
        throw err;
      }
    },
  );
}
