import { chatStreamEventSchemas, type ChatStreamEvent } from '@mnemo/contracts/entities/chat';

/** One server-sent event frame: its `event:` name (if any) and its `data:` lines joined. */
export type SseFrame = { event: string | null; data: string };

/**
 * An incremental parser for a text/event-stream body read in arbitrary pieces: a frame may arrive
 * split over several reads, or several frames in one. `push` returns the frames completed so far;
 * `end` returns a last frame that had no closing blank line.
 */
export function createSseParser() {
  let pending = '';

  function parseFrame(block: string): SseFrame | null {
    let event: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      // The spec of the format strips exactly one space after the colon.
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (event === null && data.length === 0) return null;
    return { event, data: data.join('\n') };
  }

  function drain(final: boolean): SseFrame[] {
    const frames: SseFrame[] = [];
    let at = pending.indexOf('\n\n');
    while (at !== -1) {
      const frame = parseFrame(pending.slice(0, at));
      if (frame) frames.push(frame);
      pending = pending.slice(at + 2);
      at = pending.indexOf('\n\n');
    }
    if (final && pending.trim() !== '') {
      const frame = parseFrame(pending);
      if (frame) frames.push(frame);
      pending = '';
    }
    return frames;
  }

  return {
    push(text: string): SseFrame[] {
      // CRLF and lone CR are legal line ends in the format; one form keeps the splitting simple.
      pending += text.replace(/\r\n?/g, '\n');
      return drain(false);
    },
    end(): SseFrame[] {
      return drain(true);
    },
  };
}

/**
 * The chat stream event a frame carries (spec 02 §7: chunk, done, error), or null for a frame that
 * is none of them (keep-alives, unknown events, data that is not the contract's shape). The type is
 * read from the `event:` name, else from the data's own `type` field.
 */
export function chatEventFromFrame(frame: SseFrame): ChatStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(frame.data);
  } catch {
    return null;
  }
  const typed =
    typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : null;
  const type = frame.event ?? (typeof typed === 'string' ? typed : null);
  if (type === 'chunk') {
    const parsed = chatStreamEventSchemas.chunk.safeParse(data);
    return parsed.success ? { ...parsed.data, type: 'chunk' } : null;
  }
  if (type === 'done') {
    const parsed = chatStreamEventSchemas.done.safeParse(data);
    return parsed.success ? { ...parsed.data, type: 'done' } : null;
  }
  if (type === 'error') {
    const parsed = chatStreamEventSchemas.error.safeParse(data);
    return parsed.success ? { ...parsed.data, type: 'error' } : null;
  }
  return null;
}
