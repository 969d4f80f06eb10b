import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyLoggerOptions } from '@mnemo/logger';
import { accessLogPlugin } from './access-log';
import { errorsPlugin } from './errors';
import { tracingPlugin } from './tracing';

/** An app logging into an array, with Fastify's own request lines off as createService has them. */
function appLogging(loggerLevel: string, level: 'info' | 'debug', { traced = false } = {}) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { ...fastifyLoggerOptions('test', loggerLevel), stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (traced) tracingPlugin(app, { name: 'test' });
  accessLogPlugin(app, { level });
  errorsPlugin(app);
  app.get('/thing', async () => ({ ok: true }));
  app.get('/probe', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('the access log', () => {
  it('at the edge: one info line per request, with method, URL, status and time', async () => {
    const { app, lines } = appLogging('info', 'info');
    await app.inject('/thing?token=secret-value');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(typeof lines[0]!.responseTime).toBe('number');
    await app.close();
  });

  it('holds no secret: the URL censored, no headers, the request id and only the serialised fields', async () => {
    const { app, lines } = appLogging('info', 'info');
    await app.inject({
      url: '/thing?ticket=one-use&page=2',
      headers: { authorization: 'Bearer eyJsecret', cookie: 'sid=secret', 'x-request-id': 'r1' },
    });
    const line = lines[0]!;
    expect(JSON.stringify(line)).not.toMatch(/secret|one-use/);
    expect(line.req).toEqual({ method: 'GET', url: '/thing?ticket=[redacted]&page=2', host: 'localhost:80', remoteAddress: '127.0.0.1' });
    expect(typeof line.reqId).toBe('string');
    expect(Object.keys(line).sort()).toEqual(['level', 'msg', 'name', 'req', 'reqId', 'res', 'responseTime', 'service', 'time']);
    await app.close();
  });

  it("carries the request's trace ids, as its other lines do", async () => {
    const { app, lines } = appLogging('info', 'info', { traced: true });
    const answer = await app.inject({ url: '/thing', headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } });
    const [, traceId, spanId] = answer.headers.traceparent!.toString().split('-');
    expect(traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(lines[0]).toMatchObject({ msg: 'request completed', traceId, spanId });
    await app.close();
  });

  it("is the line pino writes for the request and reply through the app's serialisers, field for field and in order", async () => {
    const raw: string[] = [];
    const app = Fastify({
      logger: { ...fastifyLoggerOptions('test', 'info'), stream: { write: (line: string) => void raw.push(line) } },
      logController: new LogController({ disableRequestLogging: true }),
    });
    tracingPlugin(app, { name: 'test' });
    accessLogPlugin(app, { level: 'info' });
    // The line as pino made it before (the request and reply through the logger's serialisers).
    app.addHook('onResponse', (request, reply, done) => {
      app.log.child({}, { redact: [] }).info(
        { reqId: request.id, traceId: request.trace.traceId, spanId: request.trace.spanId, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
      done();
    });
    app.get('/thing', async () => ({ ok: true }));
    await app.inject({ url: '/thing?token=t&x="y"', headers: { 'x-forwarded-for': '10.0.0.1', cookie: 'sid=s' }, remotePort: 4321 } as never);
    expect(raw).toHaveLength(2);
    const [ours, pinos] = raw.map((l) => {
      const { time, responseTime, ...rest } = JSON.parse(l) as Record<string, unknown>;
      expect(typeof time).toBe('string');
      expect(typeof responseTime).toBe('number');
      return rest;
    });
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
    expect(ours).toEqual(pinos);
    expect(raw[0]!.split('"responseTime":')[0]!.replace(/"time":"[^"]*"/, '')).toBe(raw[1]!.split('"responseTime":')[0]!.replace(/"time":"[^"]*"/, ''));
    await app.close();
  });

  it('in a service: nothing at info, one debug line at debug', async () => {
    const quiet = appLogging('info', 'debug');
    await quiet.app.inject('/thing');
    expect(quiet.lines).toEqual([]);
    const verbose = appLogging('debug', 'debug');
    await verbose.app.inject('/thing');
    expect(verbose.lines.filter((l) => l.msg === 'request completed')).toEqual([expect.objectContaining({ level: 20, res: { statusCode: 200 } })]);
    await quiet.app.close();
    await verbose.app.close();
  });

  it("keeps a route's own level (health probes log nothing), and errors are still logged at error (the error handler's line)", async () => {
    const { app, lines } = appLogging('info', 'debug');
    await app.inject('/probe');
    expect(lines).toEqual([]);
    await app.inject('/broken');
    expect(lines.some((l) => l.level === 50)).toBe(true);
    await app.close();
  });
});
