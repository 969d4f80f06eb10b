import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessLogPlugin } from './access-log';
import { errorsPlugin } from './errors';

/** An app logging into an array, with Fastify's own request lines off as createService has them. */
function appLogging(loggerLevel: string, level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: loggerLevel, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new LogController({ disableRequestLogging: true }),
  });
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
