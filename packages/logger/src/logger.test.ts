import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { bufferedStdout, createLogger, fastifyLoggerOptions, redactUrl } from './index';

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

describe('bufferedStdout', () => {
  const linesIn = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);

  it('writes lines in blocks: a few wait for the periodic flush, a block past 4 KB goes at once, all in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mnemo-log-'));
    const file = join(dir, 'out.log');
    const log = createLogger({ name: 'test', destination: bufferedStdout({ dest: file, flushMs: 50 }) });
    await new Promise((r) => setTimeout(r, 20)); // the file is opened asynchronously
    log.info('one');
    log.info('two');
    expect(readFileSync(file, 'utf8')).toBe('');
    await expect.poll(() => linesIn(file)).toEqual(['one', 'two']);
    for (let i = 0; i < 40; i++) log.info(`line ${i} ${'x'.repeat(100)}`);
    // Past minLength the block is written without waiting for the timer.
    await expect.poll(() => linesIn(file).length, { interval: 5 }).toBeGreaterThan(2);
    await expect.poll(() => linesIn(file).length).toBe(42);
    expect(linesIn(file).slice(2).map((m) => m.split(' ')[1])).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
    rmSync(dir, { recursive: true, force: true });
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
