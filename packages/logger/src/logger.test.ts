import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, fastifyLoggerOptions, redactUrl } from './index';

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
