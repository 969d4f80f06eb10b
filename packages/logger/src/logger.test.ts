import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './index';

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
    log.info({ email: 'a@b.c', password: 'hunter22', body: { token: 'jwt', apiKey: 'sk-1' } }, 'hello');
    const line = lines[0]!;
    expect(line.email).toBe('a@b.c');
    expect(line.password).toBe('[redacted]');
    expect(line.body).toEqual({ token: '[redacted]', apiKey: '[redacted]' });
    expect(line.service).toBe('test');
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
