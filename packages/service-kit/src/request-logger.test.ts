import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyLoggerOptions, type Logger } from '@mnemo/logger';
import { tracingPlugin } from './plugins/tracing';
import { lazyRequestLogger } from './request-logger';

/** Two apps logging into arrays, one with Fastify's own request children, one with the lazy ones. */
function appLogging(lazy: boolean) {
  const lines: Record<string, unknown>[] = [];
  const made: FastifyBaseLogger[] = [];
  const app = Fastify({
    logger: {
      ...fastifyLoggerOptions('test', 'info'),
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
    logController: new LogController({ disableRequestLogging: true }),
    ...(lazy ? { childLoggerFactory: lazyRequestLogger } : {}),
  });
  tracingPlugin(app, { name: 'test' });
  app.addHook('onRequest', (request, _reply, done) => {
    made.push(request.log);
    done();
  });
  app.get('/quiet', async (request) => {
    request.log.debug({ detail: 1 }, 'below the level');
    const log = request.log as Logger;
    return {
      enabled: { info: log.isLevelEnabled('info'), debug: log.isLevelEnabled('debug') },
      level: log.level,
    };
  });
  app.get('/talks', async (request) => {
    request.log.info({ thing: 'a', password: 'hunter2' }, 'first');
    request.log.warn('second');
    request.log.child({ part: 'inner' }).info('from a child');
    return { ok: true };
  });
  app.get('/probe', { logLevel: 'warn' }, async (request) => {
    request.log.info('not at warn');
    request.log.error('at error');
    const log = request.log as Logger;
    return {
      enabled: { info: log.isLevelEnabled('info'), warn: log.isLevelEnabled('warn') },
      level: log.level,
    };
  });
  return { app, lines, made };
}

/** A line without what differs between two requests (time, ids). */
const comparable = ({
  time: _t,
  reqId: _r,
  traceId,
  spanId,
  ...rest
}: Record<string, unknown>) => ({
  ...rest,
  traceId: typeof traceId,
  spanId: typeof spanId,
});

describe("a request's logger made on its first line", () => {
  it('writes the same lines as a child made for every request: bindings, trace ids, redaction, children', async () => {
    const eager = appLogging(false);
    const lazy = appLogging(true);
    for (const { app } of [eager, lazy])
      await app.inject({ url: '/talks', headers: { 'x-request-id': 'r1' } });
    expect(lazy.lines.map(comparable)).toEqual(eager.lines.map(comparable));
    expect(lazy.lines).toHaveLength(3);
    expect(lazy.lines[0]).toMatchObject({
      msg: 'first',
      reqId: expect.any(String),
      traceId: expect.any(String),
      password: '[redacted]',
    });
    expect(lazy.lines[2]).toMatchObject({
      msg: 'from a child',
      part: 'inner',
      reqId: lazy.lines[0]!.reqId,
      traceId: lazy.lines[0]!.traceId,
    });
    await eager.app.close();
    await lazy.app.close();
  });

  it('answers levels as the child would and makes no child for a request that logs nothing', async () => {
    const eager = appLogging(false);
    const lazy = appLogging(true);
    for (const path of ['/quiet', '/probe']) {
      const [a, b] = await Promise.all([eager.app.inject(path), lazy.app.inject(path)]);
      expect(b.json()).toEqual(a.json());
    }
    expect(lazy.lines.map(comparable)).toEqual(eager.lines.map(comparable));
    // The probe's route level: its info line dropped, its error line kept.
    expect(lazy.lines.map((l) => l.msg)).toEqual(['at error']);
    // The quiet request's logger never made its pino child (no bindings of its own yet).
    const quiet = lazy.made[0] as unknown as Record<symbol, { real?: unknown }>;
    const state = Object.getOwnPropertySymbols(quiet).map((s) => quiet[s]);
    expect(state).toEqual([expect.objectContaining({ real: undefined })]);
    await eager.app.close();
    await lazy.app.close();
  });
});
