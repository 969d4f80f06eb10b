import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/**
 * Fastify's `childLoggerFactory` for every service: a request's logger made on its first line.
 *
 * Fastify makes each request a pino child (its request id), and the tracing hook adds the trace ids
 * with `setBindings`: two serialisations of bindings per request in every process, for a logger
 * that, with the request lines at debug in services and the gateway's access line written by a
 * logger of its own (plugins/access-log.ts), most requests never write to. This one answers
 * `isLevelEnabled`, `level` and `setBindings` without a child, and makes the same child Fastify
 * would (`parent.child(bindings, options)`, then the added bindings in order) on the first line at
 * an enabled level, or on any other use (`child`, `bindings`, a level change). Lines are the same
 * as before; the cost moves to the requests that log. Ours, not a library's: it is how Mnemo's
 * hooks use the request's logger (issue 25; in a side-by-side run of the gateway and auth service,
 * no request child at all saved 3-9% of their CPU a call).
 */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const lazy = Object.create(protoOf(parent as Logger)) as LazyLogger;
  lazy[STATE] = { bindings, options, added: [], real: undefined };
  return lazy as unknown as FastifyBaseLogger;
}

const STATE = Symbol('lazy request logger');
type State = {
  bindings: Bindings;
  options: ChildLoggerOptions;
  added: Bindings[];
  real: Logger | undefined;
};
type LazyLogger = Logger & { [STATE]: State };

const LINE_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** One prototype per parent logger (a service has one), whose own prototype is the parent. */
const prototypes = new WeakMap<Logger, object>();
function protoOf(parent: Logger): object {
  const known = prototypes.get(parent);
  if (known) return known;
  const real = (lazy: LazyLogger): Logger => {
    const state = lazy[STATE];
    if (!state.real) {
      state.real = parent.child(state.bindings, state.options);
      for (const added of state.added) state.real.setBindings(added);
    }
    return state.real;
  };
  const enabled = (lazy: LazyLogger, level: string): boolean => {
    const state = lazy[STATE];
    if (state.real) return state.real.isLevelEnabled(level);
    // A route's own level (`logLevel: 'warn'` on probes) is the child's; else the parent's, as a
    // pino child without a level of its own reads it.
    if (state.options.level === undefined) return parent.isLevelEnabled(level);
    const value = parent.levels.values[level];
    const threshold = parent.levels.values[state.options.level];
    return value !== undefined && threshold !== undefined && value >= threshold;
  };
  const descriptors: PropertyDescriptorMap = {
    isLevelEnabled: {
      value: function (this: LazyLogger, level: string) {
        return enabled(this, level);
      },
    },
    setBindings: {
      value: function (this: LazyLogger, added: Bindings) {
        const state = this[STATE];
        if (state.real) state.real.setBindings(added);
        else state.added.push(added);
      },
    },
    bindings: {
      value: function (this: LazyLogger) {
        return real(this).bindings();
      },
    },
    child: {
      value: function (this: LazyLogger, ...args: Parameters<Logger['child']>) {
        return real(this).child(...args);
      },
    },
    level: {
      get(this: LazyLogger) {
        const state = this[STATE];
        return state.real ? state.real.level : (state.options.level ?? parent.level);
      },
      set(this: LazyLogger, level: string) {
        real(this).level = level;
      },
    },
  };
  for (const method of LINE_METHODS) {
    descriptors[method] = {
      value: function (this: LazyLogger, ...args: unknown[]) {
        // A line below the level is dropped as pino drops it, without making the child.
        if (!enabled(this, method)) return;
        (real(this)[method] as (...a: unknown[]) => void)(...args);
      },
    };
  }
  const proto = Object.create(parent, descriptors) as object;
  prototypes.set(parent, proto);
  return proto;
}
