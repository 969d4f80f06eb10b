import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { bufferedStdout, createLogger, fastifyLoggerOptions, redactUrl, serializeRequest, writeLine } from './index';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('censors passwords, tokens and API keys but keeps the rest', () => {
    const { lines, destination } = capture();
    const log = createLogger({ name: 'test', destination });
    log.info(
      { email: 'a@b.c', password: 'hunter22', body: { token: 'jwt', apiKey: 'sk-1' } },
      'hello',
    );
    const line = lines[0]!;
    expect(line.email).toBe('a@b.c');
    expect(line.password).toBe('[redacted]');
    expect(line.body).toEqual({ token: '[redacted]', apiKey: '[redacted]' });
    expect(line.service).toBe('test');
  });

  it('keeps error codes and censors verification codes', () => {
    const { lines, destination } = capture();
    const log = createLogger({ name: 'test', destination });
    log.warn(
      { code: 'AI_OVERLOADED', err: { code: 'ECONNRESET' }, verificationCode: '123456' },
      'failed',
    );
    expect(lines[0]!.code).toBe('AI_OVERLOADED');
    expect(lines[0]!.err).toEqual({ code: 'ECONNRESET' });
    expect(lines[0]!.verificationCode).toBe('[redacted]');
  });

  it('censors authorization and cookie headers of a logged request', () => {
    const { lines, destination } = capture();
    const log = createLogger({ name: 'test', destination });
    log.info({ req: { headers: { authorization: 'Bearer x', cookie: 'a=b', accept: '*/*' } } });
    expect(lines[0]!.req).toEqual({
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' },
    });
  });
});

describe('request URLs', () => {
  it('censor credentials in the query string and keep everything else', () => {
    expect(redactUrl('/api/ai/progress/abc?token=eyJhbGci.x.y&anonymousSession=5b0c&x=1')).toBe(
      '/api/ai/progress/abc?token=[redacted]&anonymousSession=[redacted]&x=1',
    );
    expect(redactUrl('/api/ai/progress/abc?ticket=Zm9vYmFy-_x')).toBe('/api/ai/progress/abc?ticket=[redacted]');
    expect(redactUrl('/api/spaces?page=2')).toBe('/api/spaces?page=2');
  });

  it('are logged censored by the Fastify logger options', () => {
    const serializer = fastifyLoggerOptions('svc').serializers!.req as (r: object) => {
      url: string;
      method: string;
    };
    expect(
      serializer({ method: 'GET', url: '/api/ai/progress/1?token=secret', headers: { host: 'h' } }),
    ).toMatchObject({
      method: 'GET',
      url: '/api/ai/progress/1?token=[redacted]',
    });
  });
});

describe('database errors', () => {
  // The shape drizzle-orm 0.44 throws (DrizzleQueryError) around the driver's error.
  class FailedQuery extends Error {
    constructor(
      readonly query: string,
      readonly params: unknown[],
      override readonly cause: unknown,
    ) {
      super(`Failed query: ${query}\nparams: ${params.join(',')}`);
    }
  }
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
    code: '23505',
    detail: 'Key (lower(email))=(ada@example.com) already exists.',
  });

  it('are logged without the statement values, by both loggers', () => {
    const failed = new FailedQuery('insert into "users" ("email", "first_name") values ($1, $2)', ['ada@example.com', 'Ada Secret'], driverError);
    const { lines, destination } = capture();
    createLogger({ name: 'test', destination }).error({ err: failed }, 'unhandled error');
    const fastifyLines = capture();
    pino(fastifyLoggerOptions('svc'), fastifyLines.destination).error({ err: failed }, 'unhandled error');
    for (const line of [lines[0]!, fastifyLines.lines[0]!]) {
      const text = JSON.stringify(line);
      expect(text).not.toContain('ada@example.com');
      expect(text).not.toContain('Ada Secret');
      expect(text).toContain('insert into \\"users\\"');
      expect((line.err as { params: unknown }).params).toBe('[redacted]');
    }
    // The driver's error logged on its own keeps its code and loses the row values.
    createLogger({ name: 'test', destination }).error({ err: driverError }, 'insert failed');
    expect(lines[1]!.err).toMatchObject({ code: '23505', detail: '[redacted]' });
    expect(JSON.stringify(lines[1])).not.toContain('ada@example.com');
  });
});

describe('writeLine', () => {
  it("writes the line pino writes for the same fields, with the logger's own bindings and level", () => {
    const written: string[] = [];
    const destination = { write: (line: string) => void written.push(line) };
    // Fastify's logger options (the gateway's), a child as the access line's, at info and debug.
    const log = pino({ ...fastifyLoggerOptions('gateway', 'debug'), timestamp: () => ',"time":"at"' }, destination).child({}, { redact: [] });
    // A request as Fastify hands it to the serialiser, and the fields as the access line has them.
    const request = { method: 'GET', url: '/api/x?q="quoted"\\é&ticket=t', headers: { host: 'localhost:80', cookie: 'c' }, ip: '127.0.0.1', socket: { remotePort: 5123 } };
    const fields = { reqId: 'r-1', traceId: undefined, spanId: 'b7ad6b7169203331', res: { statusCode: 200 }, responseTime: 1.2345 };
    for (const level of ['info', 'debug'] as const) {
      log[level]({ ...fields, req: request }, 'request completed');
      writeLine(log, level, { ...fields, req: serializeRequest(request) }, 'request completed');
    }
    writeLine(log, 'warn', {}, 'nothing else');
    log.warn({}, 'nothing else');
    expect(written).toHaveLength(6);
    expect(written[1]).toBe(written[0]);
    expect(written[3]).toBe(written[2]);
    expect(written[4]).toBe(written[5]);
    expect(JSON.parse(written[0]!)).toMatchObject({ level: 30, service: 'gateway', name: 'gateway', reqId: 'r-1', req: { url: '/api/x?q="quoted"\\é&ticket=[redacted]', remotePort: 5123 } });
  });
});

describe('writeLine with the ISO time (fastifyLoggerOptions)', () => {
  it('writes the time pino writes, for lines within one millisecond and across them', () => {
    const written: string[] = [];
    const destination = { write: (line: string) => void written.push(line) };
    const log = pino(fastifyLoggerOptions('gateway'), destination).child({}, { redact: [] });
    const at = [Date.UTC(2026, 10, 30, 1, 2, 3, 4), Date.UTC(2026, 10, 30, 1, 2, 3, 4), Date.UTC(2026, 10, 30, 1, 2, 3, 5)];
    vi.useFakeTimers();
    try {
      for (const now of at) {
        vi.setSystemTime(now);
        log.info({ reqId: 'r' }, 'request completed');
        writeLine(log, 'info', { reqId: 'r' }, 'request completed');
      }
    } finally {
      vi.useRealTimers();
    }
    expect(written).toHaveLength(6);
    for (let i = 0; i < 6; i += 2) expect(written[i + 1]).toBe(written[i]);
    expect(JSON.parse(written[4]!).time).toBe('2026-11-30T01:02:03.005Z');
  });
});

describe('bufferedStdout', () => {
  /** A stream that keeps each write it is given. */
  const recorder = () => {
    const writes: string[] = [];
    const lines = () => writes.join('').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { msg: string }).msg);
    return { stream: { write: (chunk: string) => writes.push(chunk) > 0 }, writes, lines };
  };

  it('writes lines in blocks: a few wait for the periodic flush, a block past 4 KB goes at once, all in order', async () => {
    const out = recorder();
    const log = createLogger({ name: 'test', destination: bufferedStdout({ stream: out.stream, flushMs: 50 }) });
    log.info('one');
    log.info('two');
    expect(out.writes).toEqual([]);
    await expect.poll(() => out.lines()).toEqual(['one', 'two']);
    expect(out.writes).toHaveLength(1);
    for (let i = 0; i < 40; i++) log.info(`line ${i} ${'x'.repeat(100)}`);
    // Past minLength the block is written without waiting for the timer, in fewer writes than lines.
    expect(out.lines().length).toBeGreaterThan(2);
    await expect.poll(() => out.lines().length).toBe(42);
    expect(out.writes.length).toBeLessThan(10);
    expect(out.lines().slice(2).map((m) => m.split(' ')[1])).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
  });

  it('writes what is still buffered when the process exits', () => {
    const script = `
      import { createLogger, bufferedStdout } from ${JSON.stringify(join(import.meta.dirname, 'index.ts'))};
      const log = createLogger({ name: 'test', destination: bufferedStdout({ flushMs: 60_000 }) });
      log.info('first'); log.info('last');
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['first', 'last']);
  });
});
