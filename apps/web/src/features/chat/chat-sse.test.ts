import { describe, expect, it } from 'vitest';
import { chatEventFromFrame, createSseParser } from './chat-sse';

describe('createSseParser', () => {
  it('joins a frame split over several reads and splits several frames in one read', () => {
    const parser = createSseParser();
    expect(parser.push('event: chunk\nda')).toEqual([]);
    expect(
      parser.push('ta: {"content":"Hel"}\n\nevent: chunk\ndata: {"content":"lo"}\n\n'),
    ).toEqual([
      { event: 'chunk', data: '{"content":"Hel"}' },
      { event: 'chunk', data: '{"content":"lo"}' },
    ]);
  });

  it('reads CRLF line ends, skips comments and joins multi-line data', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\r\n\r\ndata: a\r\ndata: b\r\n\r\n')).toEqual([
      { event: null, data: 'a\nb' },
    ]);
  });

  it('hands back a last frame without its closing blank line at the end', () => {
    const parser = createSseParser();
    expect(parser.push('event: done\ndata: {"fullResponse":"x"}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'done', data: '{"fullResponse":"x"}' }]);
  });
});

describe('chatEventFromFrame', () => {
  it('types the event by its name, or by the type field of its data', () => {
    expect(chatEventFromFrame({ event: 'chunk', data: '{"content":"Hi"}' })).toEqual({
      type: 'chunk',
      content: 'Hi',
    });
    expect(
      chatEventFromFrame({
        event: null,
        data: '{"type":"error","message":"boom","code":"AI_OVERLOADED"}',
      }),
    ).toEqual({ type: 'error', message: 'boom', code: 'AI_OVERLOADED' });
  });

  it('keeps the attribution of a done event', () => {
    const attribution = [
      { sourceId: '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01', title: 'Cells', chunkIndexes: [0, 2] },
    ];
    expect(
      chatEventFromFrame({
        event: 'done',
        data: JSON.stringify({ fullResponse: 'All', attribution }),
      }),
    ).toEqual({ type: 'done', fullResponse: 'All', attribution });
  });

  it('ignores frames that are not JSON, of an unknown type or of the wrong shape', () => {
    expect(chatEventFromFrame({ event: 'chunk', data: 'not json' })).toBeNull();
    expect(chatEventFromFrame({ event: 'ping', data: '{}' })).toBeNull();
    expect(chatEventFromFrame({ event: 'chunk', data: '{"text":"x"}' })).toBeNull();
  });
});
