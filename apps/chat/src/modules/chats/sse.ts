import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ChatStreamEventType, chatStreamEventSchemas } from '@mnemo/contracts/entities/chat';
import type { ErrorCode } from '@mnemo/contracts/errors';
import type { TutorEvent } from '@mnemo/ai/types';
import { isPublicError } from '@mnemo/service-kit/errors';
import { openEventStream } from '@mnemo/service-kit/sse';
import type { TutorStream } from './chats.service';
import { toAttribution, type TutorAnswer } from './tutor-input';

type EventData<T extends ChatStreamEventType> = z.input<(typeof chatStreamEventSchemas)[T]>;

/** What a learner reads when something other than the AI fails mid-stream. */
export const STREAM_FAILED_MESSAGE = 'Sorry, I encountered an error while processing your request.';

/**
 * Answers a tutor stream as Server-Sent Events. `open` does every check and may throw: until the
 * tutor's first event arrives nothing is written, so refusals and an AI failing at once are
 * ordinary JSON errors with their status. Afterwards each text delta is a `chunk`, the end a `done`
 * (with the stored message), and a failure an `error` event that ends the stream. The client going
 * away aborts the AI call through the signal `open` was given.
 */
export async function replyWithTutorStream(
  request: FastifyRequest,
  reply: FastifyReply,
  open: (signal: AbortSignal) => Promise<TutorStream>,
): Promise<void> {
  const controller = new AbortController();
  const res = reply.raw;
  // 'close' on the response before we ended it means the connection went away.
  const onClose = () => {
    if (!res.writableEnded) controller.abort();
  };
  res.on('close', onClose);
  const stream = await open(controller.signal).catch((e: unknown) => {
    res.off('close', onClose);
    throw e;
  });
  const iterator = stream.events[Symbol.asyncIterator]();
  let answer: TutorAnswer = { fullResponse: '', attribution: [] };
  let next: IteratorResult<TutorEvent>;
  try {
    next = await iterator.next();
  } catch (e) {
    res.off('close', onClose);
    await stream.close();
    throw e;
  }

  const events = openEventStream(request, reply);
  /** `event: <type>` plus `data: <JSON>` whose JSON carries the type too (entities/chat.ts). */
  const write = <T extends ChatStreamEventType>(type: T, data: EventData<T>) =>
    events.send(JSON.stringify({ ...data, type }), type);

  try {
    while (!next.done && !controller.signal.aborted) {
      const event = next.value;
      if (event.type === 'text') {
        answer = { ...answer, fullResponse: answer.fullResponse + event.text };
        write('chunk', { content: event.text });
      } else {
        answer = { ...answer, attribution: toAttribution(event.citations) };
      }
      next = await iterator.next();
    }
    if (controller.signal.aborted) {
      await iterator.return?.();
      await stream.abandon(answer);
      request.log.info({ chars: answer.fullResponse.length }, 'chat stream cancelled by the client');
    } else {
      const message = await stream.complete(answer);
      write('done', {
        fullResponse: answer.fullResponse,
        ...(message ? { message } : {}),
        ...(answer.attribution.length > 0 ? { attribution: answer.attribution } : {}),
      });
    }
  } catch (e) {
    if (controller.signal.aborted) {
      await stream.abandon(answer).catch((err: unknown) => request.log.error({ err }, 'could not keep a cancelled answer'));
    } else if (isPublicError(e)) {
      request.log.warn({ err: e, code: e.publicCode }, 'chat stream failed');
      write('error', { message: e.publicMessage, code: e.publicCode as ErrorCode });
    } else {
      request.log.error({ err: e }, 'chat stream failed');
      write('error', { message: STREAM_FAILED_MESSAGE, code: 'INTERNAL' });
    }
  } finally {
    res.off('close', onClose);
    await stream.close().catch((err: unknown) => request.log.error({ err }, 'could not release a chat stream'));
    events.end();
  }
}

/**
 * For a JSON answer that takes the AI's whole reply (POST /chat/message): a signal aborted when the
 * connection closes before the answer was written, so the AI call stops with the client.
 */
export function untilClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  return controller.signal;
}
