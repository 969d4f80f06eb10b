import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { findUnstorableText } from '@mnemo/contracts/text';
import { AppError } from '../errors';

/**
 * How request bodies are read and checked: JSON (an empty body is `{}`), zod schemas from the
 * contracts for body, query and params, and one text rule before them.
 */
export function requestBodyPlugin(app: FastifyInstance) {
  // A POST with a JSON content type and no body (logout, say) is an empty object, not a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }),
        undefined,
      );
    }
  });
  // Every body, query and params with a schema is first checked for text Postgres cannot store
  // (NUL, lone surrogates): one rule from the contracts for every route, rather than every string
  // field of every service's schemas opting in. The AppError reaches the error handler as is.
  app.setValidatorCompiler((route: Parameters<typeof validatorCompiler>[0]) => {
    const validate = validatorCompiler(route);
    return (data: unknown) => {
      const found = route.httpPart === 'headers' ? null : findUnstorableText(data);
      if (found) {
        const field = found.path.join('.');
        return { error: new AppError('INVALID_CHARACTER', field ? `${field}: ${found.message}` : found.message) };
      }
      return validate(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);
}
