import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLine, relayWholeLines } from './supervisor';

describe('relayWholeLines', () => {
  it('writes whole lines only, holding a partial line until its end arrives, and flushes what is left at the end', () => {
    const input = new PassThrough();
    const written: string[] = [];
    relayWholeLines(input, (chunk) => written.push(chunk.toString()));
    input.write('{"msg":"one"}\n{"msg":"tw');
    input.write('o"}\n');
    input.write('{"msg":"three"}\n{"msg":"four"}\n');
    input.write('no newline');
    input.end();
    return new Promise<void>((resolve) =>
      input.on('end', () => {
        expect(written).toEqual(['{"msg":"one"}\n', '{"msg":"two"}\n', '{"msg":"three"}\n{"msg":"four"}\n', 'no newline\n']);
        resolve();
      }),
    );
  });

  it('passes every byte through unchanged, whatever the chunking', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, msg: 'x'.repeat(i * 7) }));
    const text = `${lines.join('\n')}\n`;
    const input = new PassThrough();
    const written: string[] = [];
    relayWholeLines(input, (chunk) => written.push(chunk.toString()));
    for (let at = 0; at < text.length; at += 97) input.write(text.slice(at, at + 97));
    input.end();
    await new Promise((r) => input.on('end', r));
    expect(written.join('')).toBe(text);
    for (const chunk of written) expect(chunk.endsWith('\n')).toBe(true);
  });
});

describe('formatLine', () => {
  it('makes a pino line short and readable for a terminal, and leaves it as it is for JSON output', () => {
    const line = JSON.stringify({ level: 40, time: '2026-01-01T10:11:12.000Z', msg: 'careful' });
    expect(formatLine('deck', line, false)).toBe('10:11:12 deck     WARN  careful');
    expect(formatLine('deck', line, true)).toBe(line);
  });

  it('names the service a line comes from when one process runs several', () => {
    const line = JSON.stringify({ level: 30, time: '2026-01-01T10:11:12.000Z', service: 'billing', msg: 'ready' });
    expect(formatLine('auth+chat+billing', line, false)).toBe('10:11:12 billing  INFO  ready');
  });
});
