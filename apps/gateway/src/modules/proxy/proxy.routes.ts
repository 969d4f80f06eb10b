import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@mnemo/contracts/identity';
import { createIdentitySigner } from '@mnemo/service-kit/identity';
import { errorBody, formatTraceparent, TRACEPARENT_HEADER } from '@mnemo/service-kit';
import { ROUTES } from '@mnemo/contracts/routes';
import { routePrefixes, type ServiceName } from './route-prefixes';

export type { ServiceName } from './route-prefixes';

/**
 * Which service answers which /api path, derived from the contracts' route table (route-prefixes.ts):
 * a call added there is routed with no change here. More specific prefixes win (find-my-way prefers
 * static segments), which is how the two conversation-prompts calls reach chat under deck-looking
 * paths.
 */
export const ROUTE_TABLE = routePrefixes(ROUTES);

const API_PREFIX = '/api';
const HOP_BY_HOP = ['authorization', 'x-anonymous-session', 'cookie', 'host', 'connection'];

export type ProxyOptions = {
  services: Record<ServiceName, string>;
  internalSecret: string;
  maxUploadBytes: number;
  /** PUBLIC_URL: when set, the only public address services are told, whatever Host says. */
  publicUrl?: string;
};

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else goes in a link. */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The address the browser used, for links services hand back to it (a learner on 127.0.0.1 must
 * not be sent to localhost: another site to the browser, without their session). Fastify reads
 * X-Forwarded-Host/-Proto only from TRUST_PROXY addresses. A Host that is not a plain host[:port]
 * gives no origin at all rather than a link with something smuggled into it.
 */
export function publicOriginOf(request: Pick<FastifyRequest, 'protocol' | 'host'>, publicUrl?: string): string | undefined {
  if (publicUrl) return new URL(publicUrl).origin;
  const host = request.host;
  if (!host || !HOST_PATTERN.test(host)) return undefined;
  return `${request.protocol}://${host.toLowerCase()}`;
}

/**
 * Forwards /api calls to their service with the caller's identity signed in a header the services
 * trust. Bodies are streamed, not parsed: uploads pass through without buffering.
 */
export async function proxyRoutes(app: FastifyInstance, options: ProxyOptions) {
  await app.register(replyFrom, {
    // reply-from logs two info lines of its own per proxied call ("fetching from remote server",
    // "response received"): with the access line that was three lines per call at the edge, each
    // redacted, serialised and written to the launcher's pipe (issue 25). The access line already
    // says a call was made, by whom and how it ended; reply-from's warnings (a failed or broken
    // upstream answer) and our onError line below still log.
    disableRequestLogging: true,
    undici: { connections: 128, pipelining: 1, headersTimeout: 120_000, bodyTimeout: 0 },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { bodyLimit: options.maxUploadBytes }, (_req, payload, done) => done(null, payload));

  // One signed identity header per caller a second, not per request (service-kit identity.ts).
  const signIdentity = createIdentitySigner(options.internalSecret);
  const forward = (service: ServiceName) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Every route here is under /api (ROUTE_TABLE's prefixes); the service's path is the rest.
    const url = request.url;
    const target = options.services[service] + (url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url);
    // The traceparent the service gets and the one the caller gets back: the gateway's span.
    const traceparent = formatTraceparent(request.trace);
    return reply.from(target, {
      // Both header objects are reply-from's own copies (of the caller's request headers, and of
      // the service's answer as undici parsed it), made for each call: changed in place rather than
      // copied once more per call.
      rewriteRequestHeaders: (_req, headers) => {
        const out = headers as Record<string, string | string[] | undefined>;
        for (const h of HOP_BY_HOP) if (out[h] !== undefined) delete out[h];
        out[IDENTITY_HEADER] = signIdentity(request.identity, publicOriginOf(request, options.publicUrl));
        out[REQUEST_ID_HEADER] = request.id;
        // The service continues the gateway's trace, as a child of the gateway's span.
        out[TRACEPARENT_HEADER] = traceparent;
        out['x-forwarded-for'] = request.ip;
        return out;
      },
      // The caller gets the gateway's span, not the service's, in the answer's traceparent.
      rewriteHeaders: (headers) => {
        (headers as Record<string, unknown>)[TRACEPARENT_HEADER] = traceparent;
        return headers;
      },
      onError: (rep, { error }) => {
        request.log.error({ err: error, service }, 'upstream request failed');
        rep.status(502).send(errorBody('BAD_GATEWAY', 'The service is unavailable. Please try again.', request.id));
      },
    });
  };

  for (const [prefix, service] of ROUTE_TABLE) {
    app.all(prefix, forward(service));
    app.all(`${prefix}/*`, forward(service));
  }
}
