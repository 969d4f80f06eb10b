import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody } from '@mnemo/contracts/errors';
import { errorBody, isAppError, isPublicError } from '../errors';
import { isRedisUnavailable } from './redis';

/**
 * One error handler for every service: an AppError's code gives the status, a validation failure
 * names its fields, Fastify's own 4xx keep their status, Redis down is a 503 to retry, and anything
 * else is a 500 that never shows its internals. Unknown routes answer the same body shape.
 */
export function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'is invalid',
      }));
      const message = fields
        .map((f) => (f.field ? `${f.field}: ${f.message}` : f.message))
        .join('; ');
      return reply
        .status(400)
        .send({
          ...errorBody('VALIDATION_FAILED', message || 'Invalid request', request.id),
          details: { fields },
        });
    }
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      const body: ErrorBody = {
        ...errorBody(error.code, error.message, request.id),
        ...error.flags,
      };
      if (error.details !== undefined && error.statusCode < 500) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (isPublicError(error)) {
      const status = ERROR_STATUS[error.publicCode];
      request.log[status >= 500 ? 'error' : 'warn'](
        { err: error, code: error.publicCode },
        error.message,
      );
      const body: ErrorBody = errorBody(error.publicCode, error.publicMessage, request.id);
      if (error.retryAfterSeconds !== undefined) {
        body.retryAfterSeconds = Math.max(0, Math.ceil(error.retryAfterSeconds));
        reply.header('retry-after', String(body.retryAfterSeconds));
      }
      return reply.status(status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx errors (bad JSON, body too large, unsupported content type).
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'BAD_REQUEST';
      return reply.status(status).send(errorBody(code, error.message, request.id));
    }
    // Redis down or too slow (its commands are bounded): the caller may retry, nothing is broken.
    if (isRedisUnavailable(error)) {
      request.log.error({ err: error }, 'Redis is unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send(errorBody('SERVICE_UNAVAILABLE', 'Mnemo is briefly unavailable. Please try again in a few seconds.', request.id));
    }
    // Never leak internals (SQL, stack traces, hostnames) to the caller.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Internal server error', request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        errorBody(
          'NOT_FOUND',
          `Route ${request.method} ${request.url.split('?')[0]} not found`,
          request.id,
        ),
      );
  });
}
